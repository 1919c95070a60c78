//! Source files: reading, turning byte offsets into `file:line:col`, and snippets.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use tfvars_runtime::expr::{SourcePos, SourceRange};
use tfvars_runtime::Location;
use unicode_segmentation::UnicodeSegmentation;

/// `path`'s file name, as files are named in messages.
pub(crate) fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// A text decoded by [`decode_lossy`], with the offsets of its replacement characters.
pub(crate) type Decoded = (String, Vec<usize>);

/// Text from bytes that may not all be UTF-8: each byte that is not part of a UTF-8 sequence
/// is replaced by U+FFFD, one for each byte as Go decodes them, and the offsets of the
/// replacements in the text are listed, ascending (none, and no copy, for UTF-8).
pub(crate) fn decode_lossy(bytes: Vec<u8>) -> Decoded {
    let bytes = match String::from_utf8(bytes) {
        Ok(text) => return (text, Vec::new()),
        Err(e) => e.into_bytes(),
    };
    let mut text = String::with_capacity(bytes.len() + 16);
    let mut replaced = Vec::new();
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        for _ in chunk.invalid() {
            replaced.push(text.len());
            text.push(char::REPLACEMENT_CHARACTER);
        }
    }
    (text, replaced)
}

/// The range Terraform gives a byte that is not UTF-8, the replacement at `at` in `src` (one
/// of `replaced`, see [`decode_lossy`]): one column, and one byte of the file as it was, whose
/// offset counts each earlier replacement as the one byte it stands for.
pub(crate) fn misencoded_byte(src: &SourceFile, at: usize, replaced: &[usize]) -> Location {
    const WIDTH: usize = char::REPLACEMENT_CHARACTER.len_utf8();
    let before = replaced.partition_point(|&r| r < at);
    let mut range = src.range(at..at + WIDTH);
    range.start.byte = (at - before * (WIDTH - 1)) as u32;
    range.end.byte = range.start.byte + 1;
    Location::spanning(src.name.clone(), range)
}

/// The first replacement (of `replaced`, see [`decode_lossy`]) that Terraform refuses in the
/// file `name`: its JSON syntax takes bytes that are not UTF-8 anywhere, its native syntax
/// only inside comments ("Invalid character encoding" at the first one elsewhere).
pub(crate) fn refused_replacement(name: &str, text: &str, replaced: &[usize]) -> Option<usize> {
    if name.ends_with(".json") {
        return None;
    }
    tfvars_hcl::misencoded_outside_comments(text, replaced)
}

/// One file of a module, read into memory, with its line starts indexed.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The name used in messages: the file name relative to the module directory.
    pub name: Arc<str>,
    /// The path as joined with the module directory.
    pub path: PathBuf,
    /// The file's text.
    pub text: String,
    line_starts: Vec<usize>,
    /// Grapheme-cluster boundaries about every [`CLUSTER_MARK`] bytes, each with the number of
    /// clusters before it, so that a column on a long line (a minified `.tf.json`) is found
    /// without counting the line from its start. Worked out the first time a long line of a
    /// text that is not all ASCII needs it.
    cluster_marks: OnceLock<Vec<(usize, usize)>>,
    /// Whether every character is one byte (a column is then a byte count).
    ascii: bool,
}

/// The spacing of [`SourceFile`]'s cluster counts, in bytes; lines up to this long are counted
/// from their start.
const CLUSTER_MARK: usize = 4096;

/// Lines longer than this many bytes are shown as a window around the place in messages.
const SNIPPET_MAX: usize = 240;

/// The grapheme clusters of a text: what HCL counts a column in (`é` written as `e` and a
/// combining accent is one column, a flag of two regional indicators is one).
fn clusters_in(text: &str) -> usize {
    text.graphemes(true).count()
}

/// Appends the offset just after each `\n` of `bytes` to `starts`. The bytes are compared 32
/// at a time into a bit mask, a loop compilers turn into vector compares on any target, with no
/// CPU feature detection at run time: on a virtual machine detecting the features costs a
/// short process (`tfvars validate` on a small module) more than the whole search, and with
/// lines as short as a module's this is faster than `memchr`'s detected search anyway
/// (38 µs against 66 µs on `tests/modules/large`).
fn push_line_starts(bytes: &[u8], starts: &mut Vec<usize>) {
    const LANES: usize = 32;
    let mut chunks = bytes.chunks_exact(LANES);
    let mut base = 0;
    for chunk in &mut chunks {
        let mut mask = 0u32;
        for (i, &b) in chunk.iter().enumerate() {
            mask |= u32::from(b == b'\n') << i;
        }
        while mask != 0 {
            starts.push(base + mask.trailing_zeros() as usize + 1);
            mask &= mask - 1;
        }
        base += LANES;
    }
    for (i, &b) in chunks.remainder().iter().enumerate() {
        if b == b'\n' {
            starts.push(base + i + 1);
        }
    }
}

impl SourceFile {
    /// Wraps text already in memory.
    pub fn new(name: impl AsRef<str>, path: impl Into<PathBuf>, text: String) -> SourceFile {
        let mut line_starts = vec![0];
        push_line_starts(text.as_bytes(), &mut line_starts);
        // In an all-ASCII text a column is a byte count.
        let ascii = text.is_ascii();
        SourceFile {
            name: name.as_ref().into(),
            path: path.into(),
            text,
            line_starts,
            cluster_marks: OnceLock::new(),
            ascii,
        }
    }

    /// How many grapheme clusters the text holds before byte `offset`, a character boundary.
    /// Counting resumes at a cluster boundary, where segmenting starts as it would from the
    /// text's start.
    fn clusters_before(&self, offset: usize) -> usize {
        let marks = self.cluster_marks.get_or_init(|| {
            let mut marks = vec![(0, 0)];
            let mut next = CLUSTER_MARK;
            for (count, (at, _)) in self.text.grapheme_indices(true).enumerate() {
                if at >= next {
                    marks.push((at, count));
                    next = at + CLUSTER_MARK;
                }
            }
            marks
        });
        let (at, before) = marks[marks.partition_point(|&(at, _)| at <= offset) - 1];
        before + clusters_in(&self.text[at..offset])
    }

    /// The same file without a leading UTF-8 byte order mark. HCL's native syntax skips one
    /// (its columns count from after it); its JSON syntax does not.
    pub fn without_bom(self) -> SourceFile {
        match self.text.strip_prefix('\u{feff}') {
            Some(rest) => SourceFile::new(self.name, self.path, rest.to_string()),
            None => self,
        }
    }

    /// Reads `path`, naming it by its file name.
    pub fn read(path: &Path) -> std::io::Result<SourceFile> {
        let text = std::fs::read_to_string(path)?;
        Ok(SourceFile::new(file_name(path), path, text))
    }

    /// Reads `path` whatever its bytes, each sequence that is not UTF-8 replaced by U+FFFD, with
    /// the offsets of those replacements in the text (ascending; none when it is all UTF-8).
    pub(crate) fn read_lossy(path: &Path) -> std::io::Result<(SourceFile, Vec<usize>)> {
        let (text, replaced) = decode_lossy(std::fs::read(path)?);
        Ok((SourceFile::new(file_name(path), path, text), replaced))
    }

    /// `offset`, or the text's end when it lies beyond: the byte a position reports.
    pub fn clamp(&self, offset: usize) -> usize {
        offset.min(self.text.len())
    }

    /// The 1-based line and column of a byte offset (clamped to the text), the column counted in
    /// grapheme clusters as HCL counts it.
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        let offset = self.clamp(offset);
        self.line_col_on(self.line_of(offset), offset)
    }

    /// The index of the line that holds `offset` (already clamped to the text).
    fn line_of(&self, offset: usize) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }

    /// [`Self::line_of`], starting from line `near`: a range's end, or the parts of an
    /// expression, are mostly on the line where the expression starts or a few lines below.
    fn line_near(&self, offset: usize, near: usize) -> usize {
        let starts = &self.line_starts;
        if starts.get(near).is_none_or(|&s| s > offset) {
            return self.line_of(offset);
        }
        let mut line = near;
        for _ in 0..4 {
            match starts.get(line + 1) {
                Some(&next) if next <= offset => line += 1,
                _ => return line,
            }
        }
        line + starts[line..].partition_point(|&s| s <= offset) - 1
    }

    /// The 1-based line and column of `offset` (already clamped), which is on line `line`.
    fn line_col_on(&self, line: usize, offset: usize) -> (u32, u32) {
        let start = self.line_starts[line];
        let mut end = offset;
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        // Most lines of a text that is not all ASCII are ASCII up to the place.
        let column = if self.ascii || self.text.as_bytes()[start..end].is_ascii() {
            end - start
        } else if end - start <= CLUSTER_MARK {
            clusters_in(&self.text[start..end])
        } else {
            self.clusters_before(end) - self.clusters_before(start)
        } + 1;
        (line as u32 + 1, column as u32)
    }

    /// The location of a byte offset.
    pub fn location(&self, offset: usize) -> Location {
        let (line, column) = self.line_col(offset);
        Location {
            file: self.name.clone(),
            line,
            column,
            range: None,
        }
    }

    /// A byte range as lines, columns and bytes.
    pub fn range(&self, span: Range<usize>) -> SourceRange {
        let near = self.line_of(self.clamp(span.start));
        self.range_near(span, near)
    }

    /// [`Self::range`] of a span that starts on line `near` (0-based) or below it, as the
    /// parts of an expression do: its lines are looked for from there.
    pub fn range_near(&self, span: Range<usize>, near: usize) -> SourceRange {
        let (start, end) = (self.clamp(span.start), self.clamp(span.end));
        let start_line = self.line_near(start, near);
        let end_line = self.line_near(end, start_line);
        let pos = |line: usize, offset: usize| {
            let (line, column) = self.line_col_on(line, offset);
            SourcePos {
                line,
                column,
                byte: offset as u32,
            }
        };
        SourceRange {
            start: pos(start_line, start),
            end: pos(end_line, end),
        }
    }

    /// A byte range in the form Terraform names a declaration in messages: `file:2,3-8` on one
    /// line, `file:2,3-4,4` across lines.
    pub fn range_text(&self, span: Range<usize>) -> String {
        self.range(span).text_in(&self.name)
    }

    /// The location of the start of a span, or of the file's start when there is none.
    pub fn location_of(&self, span: Option<Range<usize>>) -> Location {
        self.location(span.map_or(0, |s| s.start))
    }

    /// The location of a span with its whole range, or of the file's start when there is none.
    pub fn location_spanning(&self, span: Option<Range<usize>>) -> Location {
        match span {
            Some(span) => Location::spanning(self.name.clone(), self.range(span)),
            None => self.location(0),
        }
    }

    /// The text of a span (empty when out of range).
    pub fn snippet(&self, span: Range<usize>) -> &str {
        self.text.get(span).unwrap_or("")
    }

    /// The byte offset where a 1-based line and column is (columns counted in grapheme
    /// clusters, as [`Self::line_col`] and the runtime's JSON reader count them).
    pub fn offset_of(&self, line: usize, column: usize) -> usize {
        let Some(&start) = self.line_starts.get(line.saturating_sub(1)) else {
            return self.text.len();
        };
        self.text[start..]
            .grapheme_indices(true)
            .nth(column.saturating_sub(1))
            .map_or(self.text.len(), |(i, _)| start + i)
    }

    /// The line that holds `offset`, trimmed, to show under a message (`None` when blank). A
    /// line longer than a few hundred bytes is cut to a window around `offset`, marked `…`.
    pub fn snippet_line(&self, offset: usize) -> Option<String> {
        let offset = self.clamp(offset);
        let line = self.line_of(offset);
        let start = self.line_starts[line];
        let end = self
            .line_starts
            .get(line + 1)
            .map_or(self.text.len(), |&e| e);
        let whole = self.text[start..end].trim_end_matches(['\n', '\r']);
        if whole.len() <= SNIPPET_MAX {
            let line = whole.trim();
            return (!line.is_empty()).then(|| line.to_string());
        }
        let boundary = |mut i: usize| {
            while !self.text.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        // `offset` may lie in the line break itself (a run of `\r` before the `\n`): the
        // window is then the one of the line's last character.
        let line_end = start + whole.len();
        let from = boundary(
            offset
                .min(line_end)
                .saturating_sub(SNIPPET_MAX / 3)
                .max(start),
        );
        let to = boundary((from + SNIPPET_MAX).min(line_end));
        let window = self.text[from..to].trim();
        let before = if from > start { "…" } else { "" };
        let after = if to < line_end { "…" } else { "" };
        Some(format!("{before}{window}{after}"))
    }

    /// The whole line (without its line break) that holds `offset`.
    pub fn line_text(&self, offset: usize) -> &str {
        let (line, _) = self.line_col(offset);
        let start = self.line_starts[line as usize - 1];
        let end = self
            .line_starts
            .get(line as usize)
            .map_or(self.text.len(), |&e| e);
        self.text[start..end].trim_end_matches(['\n', '\r'])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_starts_are_found_at_every_place_in_a_block_of_bytes() {
        // Texts of every length across three 32-byte blocks, with newlines at the first and
        // last byte of a block, side by side, and in the remainder after the last block.
        for len in 0..100 {
            for pattern in [1, 2, 3, 7, 31, 32, 33] {
                let text: Vec<u8> = (0..len)
                    .map(|i| {
                        if i % pattern == 0 || i + 1 == len {
                            b'\n'
                        } else {
                            b'x'
                        }
                    })
                    .collect();
                let mut found = vec![0];
                push_line_starts(&text, &mut found);
                let mut want = vec![0];
                want.extend((0..len).filter(|&i| text[i] == b'\n').map(|i| i + 1));
                assert_eq!(found, want, "length {len}, a newline every {pattern}");
            }
        }
    }

    #[test]
    fn columns_count_characters() {
        let f = SourceFile::new("a.tf", "a.tf", "ab\né x = 1\n".into());
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(3), (2, 1));
        // `x` is after a two-byte `é` and a space: byte 6, character column 3.
        assert_eq!(f.line_col(6), (2, 3));
        assert_eq!(f.location(6).to_string(), "a.tf:2:3");
        assert_eq!(f.offset_of(2, 3), 6);
        assert_eq!(f.line_text(7), "é x = 1");
        assert_eq!(f.snippet_line(7).as_deref(), Some("é x = 1"));
    }

    #[test]
    fn columns_on_long_lines() {
        // Characters of one, two and three bytes across many 4 KiB marks, on one line.
        let line = "aé€".repeat(5000);
        let text = format!("x\n{line}\n");
        let f = SourceFile::new("a.tf.json", "a.tf.json", text.clone());
        for (i, (byte, _)) in line.char_indices().enumerate().step_by(997) {
            assert_eq!(f.line_col(2 + byte), (2, i as u32 + 1));
        }
        let snippet = f.snippet_line(2 + line.len() / 2).unwrap();
        assert!(
            snippet.starts_with('…') && snippet.ends_with('…'),
            "{snippet}"
        );
        assert!(snippet.len() <= SNIPPET_MAX + 8);
        assert!(line.contains(snippet.trim_matches('…')));
    }

    #[test]
    fn a_place_in_a_long_line_break_shows_the_end_of_the_line() {
        // A long line ending in a run of carriage returns, a problem placed inside the run
        // (found by the loader fuzz target: the window started past the line's text).
        let line = format!("x = \"{}\"", "`".repeat(SNIPPET_MAX));
        let text = format!("{line}{}\nb = 1\n", "\r".repeat(100));
        let f = SourceFile::new("a.tf", "a.tf", text);
        for offset in [line.len() - 1, line.len(), line.len() + 50, line.len() + 99] {
            let snippet = f.snippet_line(offset).unwrap();
            assert!(
                snippet.starts_with('…') && snippet.ends_with("`\""),
                "{snippet}"
            );
        }
    }

    #[test]
    fn columns_count_grapheme_clusters_as_hcl_does() {
        // `é` as `e` and a combining accent, a flag of two regional indicators, a family joined
        // by zero-width joiners, CRLF: one column each. On a short line and on a line of many
        // 4 KiB marks, whose counting resumes at cluster boundaries.
        let piece = "e\u{301}x\u{1f1fa}\u{1f1f8}\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467}é";
        for repeat in [1, 3000] {
            let line = piece.repeat(repeat);
            let text = format!("a\r\n{line} = 1\n");
            let f = SourceFile::new("a.tf", "a.tf", text.clone());
            let start = 3;
            for (i, (byte, _)) in line.grapheme_indices(true).enumerate().step_by(7) {
                assert_eq!(
                    f.line_col(start + byte),
                    (2, i as u32 + 1),
                    "repeat {repeat}"
                );
                assert_eq!(f.offset_of(2, i + 1), start + byte, "repeat {repeat}");
            }
            let clusters = line.graphemes(true).count() as u32;
            assert_eq!(f.line_col(start + line.len() + 1), (2, clusters + 2));
        }
    }

    #[test]
    fn ranges_found_from_a_nearby_line_match_line_col() {
        let text = "a\n\nbé c\n".repeat(40) + "x";
        let f = SourceFile::new("a.tf", "a.tf", text.clone());
        let offsets: Vec<usize> = (0..=text.len() + 2).collect();
        for &start in &offsets {
            for &end in offsets.iter().filter(|&&e| e >= start).step_by(7) {
                let want = |o: usize| {
                    let (line, column) = f.line_col(o);
                    (line, column, o.min(text.len()) as u32)
                };
                let got = |r: SourceRange| {
                    [
                        (r.start.line, r.start.column, r.start.byte),
                        (r.end.line, r.end.column, r.end.byte),
                    ]
                };
                let expected = [want(start), want(end)];
                assert_eq!(got(f.range(start..end)), expected);
                for near in [0, 3, 17, 60, 120, 500] {
                    assert_eq!(
                        got(f.range_near(start..end, near)),
                        expected,
                        "{start}..{end} near {near}"
                    );
                }
            }
        }
    }

    #[test]
    fn byte_order_mark_is_dropped() {
        let f = SourceFile::new("a.tf", "a.tf", "\u{feff}a = 1\n".into()).without_bom();
        assert_eq!(f.text, "a = 1\n");
        assert_eq!(f.location(4).to_string(), "a.tf:1:5");
        let g = SourceFile::new("a.tf", "a.tf", "a\u{feff}".into()).without_bom();
        assert_eq!(g.text, "a\u{feff}");
    }
}
