//! Plain-text tables for a person: a header row, then columns aligned two
//! spaces apart. With `--json` the rows are JSON objects instead (CLI-1).

use serde_json::Value;

use crate::open::Global;

/// A table being filled: each row keeps its JSON object for `--json`.
pub struct Table {
    header: &'static [&'static str],
    rows: Vec<(Value, Vec<String>)>,
}

impl Table {
    pub fn new(header: &'static [&'static str]) -> Self {
        Table {
            header,
            rows: Vec::new(),
        }
    }

    /// Adds a row: its JSON object and its cells, one per header column.
    pub fn row(&mut self, value: Value, cells: Vec<String>) {
        debug_assert_eq!(cells.len(), self.header.len());
        self.rows.push((value, cells));
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Prints the table (nothing when it has no rows), or one JSON object
    /// per row with `--json`.
    pub fn print(self, global: &Global) {
        if self.rows.is_empty() {
            return;
        }
        if global.json {
            for (value, _) in self.rows {
                crate::say(value);
            }
        } else {
            crate::say(self.render());
        }
    }

    /// The text: the header, then the rows, each column as wide as its
    /// widest cell; the last column is not padded.
    fn render(&self) -> String {
        let mut widths: Vec<usize> = self.header.iter().map(|h| h.chars().count()).collect();
        for (_, cells) in &self.rows {
            for (width, cell) in widths.iter_mut().zip(cells) {
                *width = (*width).max(cell.chars().count());
            }
        }
        let header = self.header.iter().map(|h| (*h).to_owned()).collect();
        let mut out = String::new();
        for cells in std::iter::once(&header).chain(self.rows.iter().map(|(_, cells)| cells)) {
            let mut line = String::new();
            for (index, (cell, width)) in cells.iter().zip(&widths).enumerate() {
                line.push_str(cell);
                if index + 1 < cells.len() {
                    let pad = width - cell.chars().count() + 2;
                    line.extend(std::iter::repeat_n(' ', pad));
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.pop();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up_under_the_header() {
        let mut table = Table::new(&["NAME", "STATUS", "DESCRIPTION"]);
        table.row(
            Value::Null,
            vec!["deploy".into(), "active".into(), "Ships it.".into()],
        );
        table.row(
            Value::Null,
            vec!["ci".into(), "draft".into(), "Runs CI; ünïcode.".into()],
        );
        assert_eq!(
            table.render(),
            "NAME    STATUS  DESCRIPTION\ndeploy  active  Ships it.\nci      draft   Runs CI; ünïcode."
        );
    }
}
