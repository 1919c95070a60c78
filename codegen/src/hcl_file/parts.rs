//! Where a large `.tf` file splits into parts that parse on their own, so that the loader can
//! read them at once.

use std::ops::Range;

/// The smallest part worth a thread of its own, in bytes (about 2 ms of parsing).
pub(crate) const MIN_PART: usize = 32 << 10;

/// Up to `most` consecutive ranges that cover `text`, of roughly even size and at least
/// [`MIN_PART`] bytes each. Every part after the first starts where a top-level block starts
/// in a file laid out as `terraform fmt` lays it out: a name at the start of a line, after a
/// line that closes a block.
///
/// This is a guess from the layout alone. A place that only looks like a block's start (inside
/// a heredoc or a comment) leaves the part before it unfinished, so that part fails to parse on
/// its own and [`super::read_part`] gives it up for a read of the whole file.
pub(crate) fn parts(text: &str, most: usize) -> Vec<Range<usize>> {
    let count = most.min(text.len() / MIN_PART).max(1);
    let mut starts = vec![0];
    for j in 1..count {
        let last = starts[starts.len() - 1];
        let target = (text.len() / count * j).max(last + MIN_PART);
        match block_start_from(text, target) {
            Some(at) if text.len() - at >= MIN_PART => starts.push(at),
            _ => break,
        }
    }
    let mut ranges: Vec<Range<usize>> = starts.windows(2).map(|w| w[0]..w[1]).collect();
    ranges.push(starts[starts.len() - 1]..text.len());
    ranges
}

/// The first line start at or after `from` that looks like a top-level block's start (see
/// [`parts`]).
fn block_start_from(text: &str, from: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut line = from;
    loop {
        if line > 0 && b.get(line - 1) != Some(&b'\n') {
            line += b.get(line..)?.iter().position(|&c| c == b'\n')? + 1;
        }
        let first = *b.get(line)?;
        if (first.is_ascii_alphabetic() || first == b'_') && text[..line].trim_end().ends_with('}')
        {
            return Some(line);
        }
        line += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(blocks: usize) -> String {
        (0..blocks)
            .map(|i| {
                format!(
                    "variable \"v{i}\" {{\n  type    = string\n  default = \"{i:0>200}\"\n}}\n\n"
                )
            })
            .collect()
    }

    #[test]
    fn parts_cover_the_text_and_start_at_blocks() {
        let text = module(1000);
        let parts = parts(&text, 4);
        assert_eq!(parts.len(), 4);
        assert_eq!(parts[0].start, 0);
        assert_eq!(parts[3].end, text.len());
        for w in parts.windows(2) {
            assert_eq!(w[0].end, w[1].start);
            assert!(text[w[1].start..].starts_with("variable \"v"));
        }
    }

    #[test]
    fn small_texts_and_single_blocks_stay_whole() {
        let small = module(3);
        assert_eq!(parts(&small, 8), vec![0..small.len()]);
        let one_block = format!("locals {{\n{}}}\n", "  x = 1\n".repeat(50_000));
        assert_eq!(parts(&one_block, 8).len(), 1);
        assert_eq!(parts("", 2), vec![0..0]);
    }

    #[test]
    fn a_block_start_needs_a_closing_line_before_it() {
        assert_eq!(block_start_from("a {\n}\nb {\n}\n", 1), Some(6));
        assert_eq!(block_start_from("a {\n  x = 1\n  b = 2\n}\n", 1), None);
        assert_eq!(block_start_from("}\n  b {\n}\n\nc {}", 0), Some(11));
    }
}
