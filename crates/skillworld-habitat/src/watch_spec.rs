//! Where a live folder (HAB-7) goes: `--watch DIR[=LAYER]` on the command
//! line and in the serve configuration.

use std::path::PathBuf;
use std::str::FromStr;

use serde::Deserialize;
use skillworld_world::Layer;

/// One `--watch DIR[=LAYER]`: LAYER is `commons` (the default) or
/// `agent:NAME`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchSpec {
    pub dir: PathBuf,
    pub layer: Layer,
}

impl FromStr for WatchSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let (dir, layer) = match text.rsplit_once('=') {
            Some((dir, "commons")) => (dir, Layer::Commons),
            Some((dir, layer)) => match layer.strip_prefix("agent:") {
                Some(agent) if !agent.is_empty() => (dir, Layer::Agent(agent.to_owned())),
                _ => {
                    return Err(format!(
                        "--watch {text}: the layer '{layer}' is neither 'commons' nor 'agent:NAME'"
                    ));
                }
            },
            None => (text, Layer::Commons),
        };
        if dir.is_empty() {
            return Err(format!("--watch {text}: no folder given"));
        }
        Ok(WatchSpec {
            dir: PathBuf::from(dir),
            layer,
        })
    }
}

/// In the serve configuration, a spec is written as on the command line.
impl<'de> Deserialize<'de> for WatchSpec {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}
