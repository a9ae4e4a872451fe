//! A bundle file's MIME type, from its path alone: one table for the
//! world (a binary file's stored type) and every door that serves files
//! (MCP's `resources/list` and `resources/read` agree because both ask
//! here).

/// The MIME type of the file at `path`, by its extension;
/// `application/octet-stream` when the extension says nothing.
pub fn mime_of(path: &str) -> &'static str {
    let ext = path
        .rsplit_once('/')
        .map_or(path, |(_, file)| file)
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase());
    match ext.as_deref() {
        Some("md" | "markdown") => "text/markdown",
        Some("txt" | "text" | "log") => "text/plain",
        Some("json") => "application/json",
        Some("py") => "text/x-python",
        Some("sh" | "bash") => "text/x-shellscript",
        Some("js" | "mjs") => "text/javascript",
        Some("ts") => "text/x-typescript",
        Some("html" | "htm") => "text/html",
        Some("css") => "text/css",
        Some("csv") => "text/csv",
        Some("xml") => "application/xml",
        Some("yaml" | "yml") => "application/yaml",
        Some("toml") => "application/toml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("gif") => "image/gif",
        Some("webp") => "image/webp",
        Some("svg") => "image/svg+xml",
        Some("pdf") => "application/pdf",
        Some("zip") => "application/zip",
        Some("ttf") => "font/ttf",
        Some("otf") => "font/otf",
        Some("woff") => "font/woff",
        Some("woff2") => "font/woff2",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::mime_of;

    #[test]
    fn the_extension_of_the_file_name_decides() {
        assert_eq!(mime_of("assets/logo.PNG"), "image/png");
        assert_eq!(mime_of("references/guide.md"), "text/markdown");
        // A dot in a folder's name is not an extension.
        assert_eq!(mime_of("v1.2/LICENSE"), "application/octet-stream");
        assert_eq!(mime_of("fonts/a.woff2"), "font/woff2");
    }
}
