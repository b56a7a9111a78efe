//! The Encoding Standard's decoders that taskhost has (UTF-8 §9.1.2, UTF-16BE/LE §14.2), its
//! labels (§4.2), and "process an item" with an error mode (§4.1) — plain Rust, no JS values.
//!
//! Invariant: a decoder keeps only what a stream can leave unfinished (an incomplete sequence, a
//! leading byte, a leading surrogate), so feeding bytes in any split gives the same output as
//! feeding them at once.

/// The encodings taskhost decodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16Le,
    Utf16Be,
}

impl Encoding {
    /// The encoding's name (lowercased, as `TextDecoder.encoding` returns it).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf16Le => "utf-16le",
            Encoding::Utf16Be => "utf-16be",
        }
    }

    /// "Get an encoding" (§4.2) for the labels of the encodings taskhost has: 1. remove any
    /// leading and trailing ASCII whitespace from label. 2. If label is an ASCII
    /// case-insensitive match for any of the labels listed in the table below, return the
    /// corresponding encoding; otherwise return failure.
    ///
    /// Deviation: the labels of the other encodings of the standard (legacy single-byte and
    /// CJK encodings) are failure here too, so `new TextDecoder('latin1')` throws a RangeError.
    #[must_use]
    pub fn for_label(label: &str) -> Option<Encoding> {
        let label = label
            .trim_matches(|c| matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' '))
            .to_ascii_lowercase();
        match label.as_str() {
            "unicode-1-1-utf-8" | "unicode11utf8" | "unicode20utf8" | "utf-8" | "utf8"
            | "x-unicode20utf8" => Some(Encoding::Utf8),
            "unicodefffe" | "utf-16be" => Some(Encoding::Utf16Be),
            "csunicode" | "iso-10646-ucs-2" | "ucs-2" | "unicode" | "unicodefeff" | "utf-16"
            | "utf-16le" => Some(Encoding::Utf16Le),
            _ => None,
        }
    }
}

/// A decoder's state for one of [`Encoding`].
#[derive(Clone, Debug)]
pub enum Decoder {
    Utf8 {
        code_point: u32,
        bytes_seen: u8,
        bytes_needed: u8,
        lower_boundary: u8,
        upper_boundary: u8,
    },
    Utf16 {
        big_endian: bool,
        leading_byte: Option<u8>,
        leading_surrogate: Option<u16>,
    },
}

/// What a handler returns for one item.
#[derive(Debug, PartialEq, Eq)]
enum Step {
    Continue,
    CodePoint(char),
    /// An error; the bytes to restore to the front of the input queue.
    Error(Vec<u8>),
    Finished,
}

/// Decoding stopped on an error in fatal mode.
#[derive(Debug, PartialEq, Eq)]
pub struct DecodeError;

impl Decoder {
    /// A new instance of `encoding`'s decoder.
    #[must_use]
    pub fn new(encoding: Encoding) -> Decoder {
        match encoding {
            Encoding::Utf8 => Decoder::Utf8 {
                code_point: 0,
                bytes_seen: 0,
                bytes_needed: 0,
                lower_boundary: 0x80,
                upper_boundary: 0xBF,
            },
            Encoding::Utf16Le | Encoding::Utf16Be => Decoder::Utf16 {
                big_endian: encoding == Encoding::Utf16Be,
                leading_byte: None,
                leading_surrogate: None,
            },
        }
    }

    /// Decode `bytes` into `output`, then, unless `stream`, the end of the queue (an
    /// unfinished sequence at the end is an error). Replacement mode pushes U+FFFD for each
    /// error; fatal mode stops at the first. The decoder keeps its state when streaming.
    pub fn decode(
        &mut self,
        bytes: &[u8],
        stream: bool,
        fatal: bool,
        output: &mut String,
    ) -> Result<(), DecodeError> {
        // The I/O queue: `bytes`, with restored bytes read before the rest.
        let mut restored: Vec<u8> = Vec::new();
        let mut position = 0;
        loop {
            let item = if let Some(b) = restored.pop() {
                Some(b)
            } else if position < bytes.len() {
                position += 1;
                Some(bytes[position - 1])
            } else if stream {
                return Ok(());
            } else {
                None
            };
            // "Process an item": run the handler; for an error, push U+FFFD (replacement) or
            // return error (fatal); for finished, stop.
            match self.handle(item) {
                Step::Continue => {}
                Step::CodePoint(c) => output.push(c),
                Step::Error(back) => {
                    restored.extend(back.into_iter().rev());
                    if fatal {
                        return Err(DecodeError);
                    }
                    output.push('\u{FFFD}');
                }
                Step::Finished => return Ok(()),
            }
        }
    }

    fn handle(&mut self, byte: Option<u8>) -> Step {
        match self {
            Decoder::Utf8 {
                code_point,
                bytes_seen,
                bytes_needed,
                lower_boundary,
                upper_boundary,
            } => {
                let Some(byte) = byte else {
                    // 1. If byte is end-of-queue and bytes needed is not 0, set bytes needed to
                    //    0 and return error. 2. If byte is end-of-queue, return finished.
                    if *bytes_needed != 0 {
                        *bytes_needed = 0;
                        *bytes_seen = 0;
                        *code_point = 0;
                        return Step::Error(Vec::new());
                    }
                    return Step::Finished;
                };
                // 3. If bytes needed is 0, based on byte:
                if *bytes_needed == 0 {
                    match byte {
                        0x00..=0x7F => return Step::CodePoint(char::from(byte)),
                        0xC2..=0xDF => {
                            *bytes_needed = 1;
                            *code_point = u32::from(byte & 0x1F);
                        }
                        0xE0..=0xEF => {
                            if byte == 0xE0 {
                                *lower_boundary = 0xA0;
                            }
                            if byte == 0xED {
                                *upper_boundary = 0x9F;
                            }
                            *bytes_needed = 2;
                            *code_point = u32::from(byte & 0xF);
                        }
                        0xF0..=0xF4 => {
                            if byte == 0xF0 {
                                *lower_boundary = 0x90;
                            }
                            if byte == 0xF4 {
                                *upper_boundary = 0x8F;
                            }
                            *bytes_needed = 3;
                            *code_point = u32::from(byte & 0x7);
                        }
                        _ => return Step::Error(Vec::new()),
                    }
                    return Step::Continue;
                }
                // 4. If byte is not in the range lower boundary to upper boundary, inclusive:
                //    reset the state, restore byte to ioQueue, and return error.
                if !(*lower_boundary..=*upper_boundary).contains(&byte) {
                    *code_point = 0;
                    *bytes_needed = 0;
                    *bytes_seen = 0;
                    *lower_boundary = 0x80;
                    *upper_boundary = 0xBF;
                    return Step::Error(vec![byte]);
                }
                // 5. Set lower boundary to 0x80 and upper boundary to 0xBF.
                *lower_boundary = 0x80;
                *upper_boundary = 0xBF;
                // 6. Set code point to (code point << 6) | (byte & 0x3F).
                *code_point = (*code_point << 6) | u32::from(byte & 0x3F);
                // 7. Increase bytes seen by one.
                *bytes_seen += 1;
                // 8. If bytes seen is not equal to bytes needed, return continue.
                if bytes_seen != bytes_needed {
                    return Step::Continue;
                }
                // 9–11. Reset the state and return the code point (the boundaries make it a
                //       scalar value).
                let c = char::from_u32(*code_point).unwrap_or('\u{FFFD}');
                *code_point = 0;
                *bytes_needed = 0;
                *bytes_seen = 0;
                Step::CodePoint(c)
            }
            Decoder::Utf16 {
                big_endian,
                leading_byte,
                leading_surrogate,
            } => {
                let Some(byte) = byte else {
                    // 1. If byte is end-of-queue and either leading byte or leading surrogate
                    //    is non-null, set both to null and return error. 2. Otherwise finished.
                    if leading_byte.is_some() || leading_surrogate.is_some() {
                        *leading_byte = None;
                        *leading_surrogate = None;
                        return Step::Error(Vec::new());
                    }
                    return Step::Finished;
                };
                // 3. If leading byte is null, set leading byte to byte and return continue.
                let Some(lead) = leading_byte.take() else {
                    *leading_byte = Some(byte);
                    return Step::Continue;
                };
                // 4. The code unit: (lead << 8) + byte for BE, (byte << 8) + lead for LE.
                let code_unit = if *big_endian {
                    u16::from_be_bytes([lead, byte])
                } else {
                    u16::from_le_bytes([lead, byte])
                };
                // 5. If leading surrogate is non-null: a trailing surrogate completes the pair;
                //    anything else is restored to ioQueue (in stream order) and is an error.
                if let Some(lead_surrogate) = leading_surrogate.take() {
                    if (0xDC00..=0xDFFF).contains(&code_unit) {
                        let c = 0x10000
                            + ((u32::from(lead_surrogate) - 0xD800) << 10)
                            + (u32::from(code_unit) - 0xDC00);
                        return Step::CodePoint(char::from_u32(c).unwrap_or('\u{FFFD}'));
                    }
                    let back = if *big_endian {
                        code_unit.to_be_bytes()
                    } else {
                        code_unit.to_le_bytes()
                    };
                    return Step::Error(back.to_vec());
                }
                // 6. A leading surrogate waits for its pair.
                if (0xD800..=0xDBFF).contains(&code_unit) {
                    *leading_surrogate = Some(code_unit);
                    return Step::Continue;
                }
                // 7. A lone trailing surrogate is an error.
                if (0xDC00..=0xDFFF).contains(&code_unit) {
                    return Step::Error(Vec::new());
                }
                // 8. Return a code point whose value is code unit.
                Step::CodePoint(char::from_u32(u32::from(code_unit)).unwrap_or('\u{FFFD}'))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{DecodeError, Decoder, Encoding};

    fn decode(encoding: Encoding, bytes: &[u8]) -> String {
        let mut out = String::new();
        let _ = Decoder::new(encoding).decode(bytes, false, false, &mut out);
        out
    }

    #[test]
    fn labels_are_trimmed_and_case_insensitive() {
        assert_eq!(Encoding::for_label(" UTF8\n"), Some(Encoding::Utf8));
        assert_eq!(Encoding::for_label("utf-16"), Some(Encoding::Utf16Le));
        assert_eq!(Encoding::for_label("UnicodeFFFE"), Some(Encoding::Utf16Be));
        assert_eq!(Encoding::for_label("utf-32"), None);
        assert_eq!(Encoding::for_label("\u{a0}utf-8"), None);
    }

    #[test]
    fn utf8_replaces_maximal_subparts() {
        assert_eq!(decode(Encoding::Utf8, "aé€😀".as_bytes()), "aé€😀");
        // An overlong form, a surrogate, a too-large code point, a truncated sequence.
        assert_eq!(decode(Encoding::Utf8, b"\xC0\x80"), "\u{FFFD}\u{FFFD}");
        assert_eq!(
            decode(Encoding::Utf8, b"\xED\xA0\x80"),
            "\u{FFFD}\u{FFFD}\u{FFFD}"
        );
        assert_eq!(
            decode(Encoding::Utf8, b"\xF4\x90\x80\x80"),
            "\u{FFFD}".repeat(4)
        );
        assert_eq!(decode(Encoding::Utf8, b"\xE2\x82a"), "\u{FFFD}a");
        assert_eq!(decode(Encoding::Utf8, b"\xF0\x9F\x98"), "\u{FFFD}");
        // The same as the standard library's lossy decoding, which follows the same practice.
        let bytes = b"\xF1\x80\x41\xE0\x80\xFF\xC2";
        assert_eq!(
            decode(Encoding::Utf8, bytes),
            String::from_utf8_lossy(bytes)
        );
    }

    #[test]
    fn streaming_in_any_split_matches_one_call() {
        let bytes = "x😀é€y".as_bytes();
        for split in 0..=bytes.len() {
            let mut decoder = Decoder::new(Encoding::Utf8);
            let mut out = String::new();
            decoder
                .decode(&bytes[..split], true, true, &mut out)
                .unwrap();
            decoder
                .decode(&bytes[split..], false, true, &mut out)
                .unwrap();
            assert_eq!(out, "x😀é€y", "split at {split}");
        }
    }

    #[test]
    fn fatal_mode_stops_at_the_first_error() {
        let mut out = String::new();
        let result = Decoder::new(Encoding::Utf8).decode(b"ab\xFF", false, true, &mut out);
        assert_eq!(result, Err(DecodeError));
        let result = Decoder::new(Encoding::Utf8).decode(b"\xE2\x82", false, true, &mut out);
        assert_eq!(result, Err(DecodeError));
    }

    #[test]
    fn utf16_pairs_surrogates_and_restores_the_unit_after_a_lone_lead() {
        assert_eq!(decode(Encoding::Utf16Le, b"a\x00=\xD8\x00\xDE"), "a😀");
        assert_eq!(decode(Encoding::Utf16Be, b"\x00a\xD8=\xDE\x00"), "a😀");
        // A leading surrogate followed by 'b': U+FFFD then 'b'.
        assert_eq!(decode(Encoding::Utf16Le, b"\x00\xD8b\x00"), "\u{FFFD}b");
        assert_eq!(decode(Encoding::Utf16Le, b"\x00\xDC"), "\u{FFFD}");
        // An odd byte at the end.
        assert_eq!(decode(Encoding::Utf16Le, b"a\x00b"), "a\u{FFFD}");
    }
}
