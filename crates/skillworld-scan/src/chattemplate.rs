//! A chat template's role markup (the sixteenth sweep's `prompt-caller`:
//! a `.prompt` file shown in a fenced example, `<system>` … `</system>`
//! then `<user>` … `</user>`). The tags mark whose turn each text is in a
//! template the skill's tool renders; they address no model reading the
//! skill. `persona-switch` reads the same tag as a fake system message
//! anywhere else: in prose, in a Markdown block (words to the model that
//! reads the file it is written into), in a block with no user's turn
//! after it, and after a turn (`</user>` then `<system>`: a message
//! forged into a conversation), so only the envelope's opening system
//! turn is spared. The text inside the tags is read by every row as it
//! stands.

use crate::layout::{Lang, Layout, Region};
use crate::lines::Lines;

/// A role tag alone on its line, its role named (`<user>` → `user`).
fn role_tag(line: &str) -> Option<&str> {
    let tag = line.trim().strip_prefix('<')?.strip_suffix('>')?;
    let role = tag.strip_prefix('/').unwrap_or(tag);
    matches!(role, "system" | "user" | "assistant").then_some(role)
}

/// Whether the `<system>` or `</system>` tag alone on `line` belongs to
/// the opening system turn of a template in a code block: no other role's
/// tag before it in the block, and a user's or assistant's turn after it.
pub fn opening_system_turn(lines: &Lines, layout: &Layout, line: usize) -> bool {
    let (region, block) = layout.at(line);
    if !matches!(region, Region::Code(lang) if lang != Lang::Markdown)
        || role_tag(lines.get(line)) != Some("system")
    {
        return false;
    }
    let in_block = |l: &usize| layout.at(*l).1 == block;
    let before = (0..line).rev().take_while(in_block);
    let after = (line + 1..lines.count()).take_while(in_block);
    !another_turn(lines, before) && another_turn(lines, after)
}

/// Whether any of these lines is a user's or assistant's tag.
fn another_turn(lines: &Lines, mut range: impl Iterator<Item = usize>) -> bool {
    range.any(|l| matches!(role_tag(lines.get(l)), Some("user" | "assistant")))
}
