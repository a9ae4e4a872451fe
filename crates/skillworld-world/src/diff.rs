//! Line diffs for proposals (GOV-1): what an admin reads before approving.

/// Lines of context kept around each change.
const CONTEXT: usize = 3;

/// Above this many lines (old × new) between the common head and tail,
/// the middle is shown as removed then added instead of aligned.
const MAX_CELLS: usize = 4_000_000;

/// `old` against `new` as a unified diff of `path` (`---`/`+++` headers,
/// `@@` hunks with line numbers), or nothing when they are equal.
pub(crate) fn unified(path: &str, old: &str, new: &str) -> String {
    if old == new {
        return String::new();
    }
    let (a, b): (Vec<&str>, Vec<&str>) = (old.lines().collect(), new.lines().collect());
    let ops = align(&a, &b);
    let mut out = format!(
        "--- {}\n+++ {}\n",
        if old.is_empty() { "/dev/null" } else { path },
        if new.is_empty() { "/dev/null" } else { path }
    );
    let changed: Vec<usize> = (0..ops.len()).filter(|&i| ops[i].0 != ' ').collect();
    let mut i = 0;
    while i < changed.len() {
        let start = changed[i].saturating_sub(CONTEXT);
        let mut end = changed[i];
        while i < changed.len() && changed[i] <= end + 2 * CONTEXT + 1 {
            end = changed[i];
            i += 1;
        }
        let end = (end + CONTEXT + 1).min(ops.len());
        let (old_start, new_start) = ops[start].1;
        let count = |side: char| {
            ops[start..end]
                .iter()
                .filter(|op| op.0 == ' ' || op.0 == side)
                .count()
        };
        out.push_str(&format!(
            "@@ -{},{} +{},{} @@\n",
            old_start + 1,
            count('-'),
            new_start + 1,
            count('+')
        ));
        for (kind, _, line) in &ops[start..end] {
            out.push(*kind);
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Each line as kept (' '), removed ('-') or added ('+'), with the old and
/// new line numbers before it: the longest common subsequence between the
/// common head and tail.
fn align<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<(char, (usize, usize), &'a str)> {
    let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (mid_a, mid_b) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let mut ops: Vec<(char, (usize, usize), &str)> = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    for line in &a[..head] {
        ops.push((' ', (i, j), line));
        (i, j) = (i + 1, j + 1);
    }
    for kind in middle(mid_a, mid_b) {
        match kind {
            ' ' => {
                ops.push((' ', (i, j), a[i]));
                (i, j) = (i + 1, j + 1);
            }
            '-' => {
                ops.push(('-', (i, j), a[i]));
                i += 1;
            }
            _ => {
                ops.push(('+', (i, j), b[j]));
                j += 1;
            }
        }
    }
    for line in &a[a.len() - tail..] {
        ops.push((' ', (i, j), line));
        (i, j) = (i + 1, j + 1);
    }
    ops
}

/// The edit kinds that turn `a` into `b`, by dynamic programming over
/// their longest common subsequence (removed then added when too large).
fn middle(a: &[&str], b: &[&str]) -> Vec<char> {
    if a.len().saturating_mul(b.len()) > MAX_CELLS {
        return std::iter::repeat_n('-', a.len())
            .chain(std::iter::repeat_n('+', b.len()))
            .collect();
    }
    let width = b.len() + 1;
    let mut lcs = vec![0u32; (a.len() + 1) * width];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i * width + j] = if a[i] == b[j] {
                lcs[(i + 1) * width + j + 1] + 1
            } else {
                lcs[(i + 1) * width + j].max(lcs[i * width + j + 1])
            };
        }
    }
    let (mut i, mut j, mut kinds) = (0, 0, Vec::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            kinds.push(' ');
            (i, j) = (i + 1, j + 1);
        } else if j == b.len()
            || (i < a.len() && lcs[(i + 1) * width + j] >= lcs[i * width + j + 1])
        {
            kinds.push('-');
            i += 1;
        } else {
            kinds.push('+');
            j += 1;
        }
    }
    kinds
}

#[cfg(test)]
mod tests {
    use super::unified;

    #[test]
    fn shows_changes_with_context() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\n";
        let new = "a\nb\nc\nD\ne\nf\ng\nh\ni\n";
        assert_eq!(
            unified("SKILL.md", old, new),
            "--- SKILL.md\n+++ SKILL.md\n@@ -1,8 +1,9 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n h\n+i\n"
        );
        assert_eq!(unified("x", "same\n", "same\n"), "");
        assert_eq!(
            unified("scripts/new.sh", "", "echo\n"),
            "--- /dev/null\n+++ scripts/new.sh\n@@ -1,0 +1,1 @@\n+echo\n"
        );
    }

    #[test]
    fn far_changes_get_their_own_hunks() {
        let line = |i: usize| match i {
            2 => "two\n".to_owned(),
            27 => "27!\n".to_owned(),
            i => format!("{i}\n"),
        };
        let old: String = (0..30).map(|i| format!("{i}\n")).collect();
        let new: String = (0..30).map(line).collect();
        let diff = unified("f", &old, &new);
        assert_eq!(diff.matches("@@ -").count(), 2, "{diff}");
        assert!(diff.contains("-27\n+27!\n"));
    }
}
