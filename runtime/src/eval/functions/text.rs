//! `textencodebase64` and `textdecodebase64` for the Unicode encodings and ISO 8859-1. Other
//! IANA encodings that Terraform knows are not evaluated (the condition stays unchecked).

use crate::value::Value;

use super::args::Args;
use super::encoding::{b64, unb64_at};
use super::{table, Builtin};
use crate::eval::error::EvalError;
use crate::eval::template::nfc;

pub(super) fn table() -> Vec<(&'static str, Builtin)> {
    table! {
        "textencodebase64" => textencodebase64, ["string", "encoding"];
        "textdecodebase64" => textdecodebase64, ["source", "encoding"];
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Encoding {
    Utf8,
    Utf16Le,
    Utf16Be,
    /// UTF-16 with a byte-order mark (big-endian when writing).
    Utf16,
    Latin1,
}

impl Encoding {
    /// The name Terraform's messages use.
    fn canonical(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Utf16 => "UTF-16",
            Encoding::Latin1 => "ISO_8859-1:1987",
        }
    }
}

fn encoding(a: &Args, i: usize) -> Result<Encoding, EvalError> {
    let name = a.get::<String>(i)?;
    Ok(match name.to_ascii_lowercase().as_str() {
        "utf-8" | "csutf8" => Encoding::Utf8,
        "utf-16le" | "csutf16le" => Encoding::Utf16Le,
        "utf-16be" | "csutf16be" => Encoding::Utf16Be,
        "utf-16" | "csutf16" => Encoding::Utf16,
        "iso-8859-1" | "iso_8859-1:1987" | "iso-ir-100" | "iso_8859-1" | "latin1" | "l1"
        | "ibm819" | "cp819" | "csisolatin1" => Encoding::Latin1,
        _ => {
            return Err(EvalError::unsupported(format!(
                "uses the text encoding {name:?}, which the runtime does not support"
            )))
        }
    })
}

/// `textencodebase64(string, encoding)`
pub(crate) fn textencodebase64(a: &Args) -> Result<Value, EvalError> {
    let s = a.get::<String>(0)?;
    let enc = encoding(a, 1)?;
    let bytes: Vec<u8> = match enc {
        Encoding::Utf8 => s.into_bytes(),
        Encoding::Utf16Le => s.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        Encoding::Utf16Be => s.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        Encoding::Utf16 => [0xFE, 0xFF]
            .into_iter()
            .chain(s.encode_utf16().flat_map(u16::to_be_bytes))
            .collect(),
        Encoding::Latin1 => {
            let mut out = Vec::with_capacity(s.len());
            for c in s.chars() {
                let code = c as u32;
                if code > 0xFF {
                    return Err(a.bad(
                        0,
                        format!(
                            "the given string contains characters that cannot be represented in {}",
                            enc.canonical()
                        ),
                    ));
                }
                out.push(code as u8);
            }
            out
        }
    };
    Ok(Value::String(b64(&bytes)))
}

/// `textdecodebase64(source, encoding)`
pub(crate) fn textdecodebase64(a: &Args) -> Result<Value, EvalError> {
    let src = a.get::<String>(0)?;
    let enc = encoding(a, 1)?;
    let bytes = unb64_at(&src).map_err(|at| {
        a.bad(
            0,
            format!("the given value is has an invalid base64 symbol at offset {at}"),
        )
    })?;
    let undefined = || {
        a.bad(
            0,
            format!(
                "the given string contains symbols that are not defined for {}",
                enc.canonical()
            ),
        )
    };
    let utf16 = |bytes: &[u8], le: bool| -> Result<String, EvalError> {
        if !bytes.len().is_multiple_of(2) {
            return Err(undefined());
        }
        let units: Vec<u16> = bytes
            .chunks(2)
            .map(|c| {
                if le {
                    u16::from_le_bytes([c[0], c[1]])
                } else {
                    u16::from_be_bytes([c[0], c[1]])
                }
            })
            .collect();
        String::from_utf16(&units).map_err(|_| undefined())
    };
    let text = match enc {
        Encoding::Utf8 => String::from_utf8(bytes).map_err(|_| undefined())?,
        Encoding::Utf16Le => utf16(&bytes, true)?,
        Encoding::Utf16Be => utf16(&bytes, false)?,
        Encoding::Utf16 => match bytes.as_slice() {
            [0xFF, 0xFE, rest @ ..] => utf16(rest, true)?,
            [0xFE, 0xFF, rest @ ..] => utf16(rest, false)?,
            rest => utf16(rest, false)?,
        },
        Encoding::Latin1 => bytes.iter().map(|&b| char::from(b)).collect(),
    };
    Ok(Value::String(nfc(text)))
}
