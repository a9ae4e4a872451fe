//! A hashed body (a bulk import's, issue 19) is shared by its clones: the
//! row the store stages from the world's record holds the same text, not a
//! copy, and taking the text out copies only while a clone shares it.

use sha2::{Digest, Sha256};
use skillworld_core::Body;

fn hashed(text: &str) -> Body {
    Body::hashed(text.to_owned(), Sha256::digest(text.as_bytes()).into())
}

#[test]
fn a_hashed_body_s_clones_share_its_text() {
    let body = hashed("# Title\nthe body of a skill\n");
    let copy = body.clone();
    let (a, b) = (body.text().unwrap(), copy.text().unwrap());
    assert_eq!(a, b);
    assert!(
        std::ptr::eq(a.as_ptr(), b.as_ptr()),
        "one text, two handles"
    );
    assert_eq!(copy.given_sha256(), body.given_sha256());
    assert_eq!(copy.text_in_memory(), Some(a));
}

#[test]
fn taking_a_shared_text_out_leaves_the_other_clone_whole() {
    let text = "# Title\nthe body of a skill\n";
    let body = hashed(text);
    let copy = body.clone();
    let taken = copy.into_text().unwrap();
    assert_eq!(taken, text);
    assert_ne!(taken.as_ptr(), body.text().unwrap().as_ptr(), "a copy");
    assert_eq!(body.text().unwrap(), text);
    let pointer = body.text().unwrap().as_ptr();
    let last = body.into_text().unwrap();
    assert_eq!(last.as_ptr(), pointer, "the last handle gives its text up");
}
