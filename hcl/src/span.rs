//! Byte spans, and the lines and columns HCL reports for them.
//!
//! Everything in the AST carries a [`Span`] of byte offsets into the parsed text; a line and
//! a column are worked out only when a diagnostic is shown, from one [`LineIndex`] per text.

use std::ops::Range;

use unicode_segmentation::UnicodeSegmentation;

/// A range of bytes in the parsed text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// The first byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// The span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// An empty span at `at`.
    pub fn at(at: usize) -> Span {
        Span::new(at, at)
    }

    /// From the start of `self` to the end of `other` (HCL's `RangeBetween`).
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start,
            end: other.end,
        }
    }

    /// The span as a range of `usize`, for slicing.
    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The empty span at this one's end.
    pub fn end_point(self) -> Span {
        Span {
            start: self.end,
            end: self.end,
        }
    }
}

impl From<Span> for Range<usize> {
    fn from(s: Span) -> Range<usize> {
        s.range()
    }
}

/// A position as HCL reports it: 1-based line and column, and the byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1, counted in grapheme clusters as HCL counts them.
    pub column: u32,
    /// The byte offset in the text (a UTF-8 byte order mark included).
    pub byte: u32,
}

/// Where each line of a text starts, to turn byte offsets into [`Pos`].
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<u32>,
}

/// The UTF-8 byte order mark, which HCL skips (its columns count from after it).
const BOM: &str = "\u{feff}";

impl LineIndex {
    /// Indexes `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = Vec::with_capacity(text.len() / 32 + 1);
        starts.push(if text.starts_with(BOM) { 3 } else { 0 });
        let bytes = text.as_bytes();
        let mut from = 0;
        while let Some(i) = find_newline(&bytes[from..]) {
            starts.push((from + i + 1) as u32);
            from += i + 1;
        }
        LineIndex { starts }
    }

    /// The position of byte `offset` of `text` (the text this index was built from).
    pub fn pos(&self, text: &str, offset: usize) -> Pos {
        let offset = offset.min(text.len());
        let line = match self.starts.binary_search(&(offset as u32)) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let start = (self.starts[line] as usize).min(offset);
        let mut from = start;
        while !text.is_char_boundary(from) {
            from += 1;
        }
        let mut to = offset;
        while !text.is_char_boundary(to) {
            to -= 1;
        }
        let piece = text.get(from..to.max(from)).unwrap_or("");
        let column = if piece.is_ascii() {
            piece.len()
        } else {
            piece.graphemes(true).count()
        };
        Pos {
            line: line as u32 + 1,
            column: column as u32 + 1,
            byte: offset as u32,
        }
    }

    /// HCL's text for a range: `file:1,3-7`, or `file:1,3-2,4` across lines.
    pub fn range_text(&self, text: &str, file: &str, span: Span) -> String {
        let start = self.pos(text, span.start as usize);
        let end = self.pos(text, span.end as usize);
        if start.line == end.line {
            format!("{file}:{},{}-{}", start.line, start.column, end.column)
        } else {
            format!(
                "{file}:{},{}-{},{}",
                start.line, start.column, end.line, end.column
            )
        }
    }
}

fn find_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}
