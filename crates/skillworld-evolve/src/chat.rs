//! The chat commands hosts recognise in a user's message: `/learn [note]`
//! (a forced evolve run over the turn before it) and `/skills curate
//! [note]` (a maintain run).

/// A review asked for from the chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChatCommand {
    Learn { note: Option<String> },
    Curate { note: Option<String> },
}

/// The command a user message is, if it is one. The command word must be
/// the whole first word (`/learned` is not `/learn`); the rest of the
/// message, trimmed, is the note.
pub fn parse_chat_command(message: &str) -> Option<ChatCommand> {
    let (head, rest) = first_word(message.trim());
    let note = |text: &str| (!text.is_empty()).then(|| text.to_owned());
    match head {
        "/learn" => Some(ChatCommand::Learn { note: note(rest) }),
        "/skills" => {
            let (sub, rest) = first_word(rest);
            (sub == "curate").then(|| ChatCommand::Curate { note: note(rest) })
        }
        _ => None,
    }
}

fn first_word(text: &str) -> (&str, &str) {
    match text.find(char::is_whitespace) {
        Some(end) => (&text[..end], text[end..].trim()),
        None => (text, ""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn learn(note: Option<&str>) -> Option<ChatCommand> {
        Some(ChatCommand::Learn {
            note: note.map(str::to_owned),
        })
    }

    #[test]
    fn learn_and_curate_with_and_without_notes() {
        assert_eq!(parse_chat_command("/learn"), learn(None));
        assert_eq!(parse_chat_command("  /learn  \n"), learn(None));
        assert_eq!(
            parse_chat_command("/learn the retry trick\nand why"),
            learn(Some("the retry trick\nand why"))
        );
        assert_eq!(
            parse_chat_command("/skills curate"),
            Some(ChatCommand::Curate { note: None })
        );
        assert_eq!(
            parse_chat_command("/skills   curate merge the deploy ones "),
            Some(ChatCommand::Curate {
                note: Some("merge the deploy ones".into())
            })
        );
    }

    #[test]
    fn other_messages_are_not_commands() {
        for text in [
            "",
            "learn this",
            "/learned",
            "/skills",
            "/skills list",
            "/skillscurate",
            "please /learn",
            "/LEARN",
        ] {
            assert_eq!(parse_chat_command(text), None, "{text:?}");
        }
    }
}
