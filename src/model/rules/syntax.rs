//! The token-level reader behind [`super::parse`]: Starlark's tokens (names, strings with
//! their escapes and quotes, brackets, line breaks; comments and blanks skipped) and the values
//! of call arguments. Errors carry the byte where reading failed.

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Value {
    Str(String),
    List(Vec<Value>),
    /// Anything else: a number, a name, an expression.
    Other,
}

pub(super) type Arguments = Vec<(Option<String>, Value)>;

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Tok {
    Ident(String),
    Str(String),
    Open(char),
    Close(char),
    Comma,
    Equals,
    Semi,
    Newline,
    /// A number, an operator: part of an expression tern does not read.
    Other,
}

#[derive(Debug, Clone, PartialEq)]
pub(super) struct Token {
    pub tok: Tok,
    pub start: usize,
    pub end: usize,
}

/// Tokens from a byte offset on, with look-ahead. Errors carry the byte where reading failed.
pub(super) struct Parser<'a> {
    src: &'a str,
    pos: usize,
    /// Tokens read ahead or given back, the next one last.
    pending: Vec<Token>,
}

impl<'a> Parser<'a> {
    pub(super) fn new(src: &'a str, pos: usize) -> Self {
        Parser {
            src,
            pos,
            pending: Vec::new(),
        }
    }

    pub(super) fn next(&mut self) -> Result<Option<Token>, usize> {
        if let Some(token) = self.pending.pop() {
            return Ok(Some(token));
        }
        lex(self.src, &mut self.pos)
    }

    fn give_back(&mut self, token: Token) {
        self.pending.push(token);
    }

    pub(super) fn peek(&mut self) -> Result<Option<&Token>, usize> {
        if self.pending.is_empty() {
            if let Some(token) = lex(self.src, &mut self.pos)? {
                self.pending.push(token);
            }
        }
        Ok(self.pending.last())
    }

    /// The next token that is not a line break (breaks mean nothing inside brackets).
    fn next_in_brackets(&mut self) -> Result<Token, usize> {
        loop {
            match self.next()? {
                Some(Token {
                    tok: Tok::Newline, ..
                }) => continue,
                Some(token) => return Ok(token),
                None => return Err(self.src.len()),
            }
        }
    }

    fn peek_in_brackets(&mut self) -> Result<Tok, usize> {
        let token = self.next_in_brackets()?;
        let tok = token.tok.clone();
        self.give_back(token);
        Ok(tok)
    }

    pub(super) fn expect_open(&mut self, bracket: char) -> Result<(), usize> {
        match self.next()? {
            Some(Token {
                tok: Tok::Open(c), ..
            }) if c == bracket => Ok(()),
            Some(token) => Err(token.start),
            None => Err(self.src.len()),
        }
    }

    /// The arguments of a call, after its `(`, up to and with its `)`; and where the `)` ends.
    pub(super) fn arguments(&mut self) -> Result<(Arguments, usize), usize> {
        let mut arguments = Vec::new();
        loop {
            let token = self.next_in_brackets()?;
            if token.tok == Tok::Close(')') {
                return Ok((arguments, token.end));
            }
            let name = match &token.tok {
                Tok::Ident(name) if matches!(self.peek()?, Some(t) if t.tok == Tok::Equals) => {
                    self.next()?;
                    Some(name.clone())
                }
                _ => {
                    self.give_back(token);
                    None
                }
            };
            arguments.push((name, self.value()?));
            let token = self.next_in_brackets()?;
            match token.tok {
                Tok::Comma => {}
                Tok::Close(')') => return Ok((arguments, token.end)),
                _ => return Err(token.start),
            }
        }
    }

    /// One value, ending before the `,` or closing bracket that follows it.
    fn value(&mut self) -> Result<Value, usize> {
        let token = self.next_in_brackets()?;
        let value = match token.tok {
            Tok::Str(text) => Value::Str(text),
            Tok::Open('[') => self.list()?,
            Tok::Open(_) => {
                self.skip_balanced(1)?;
                Value::Other
            }
            Tok::Ident(_) | Tok::Other => Value::Other,
            Tok::Close(_) | Tok::Comma | Tok::Equals | Tok::Semi | Tok::Newline => {
                return Err(token.start)
            }
        };
        // More of an expression (`"a" + "b"`, `x.y`): tern does not read it.
        match self.peek_in_brackets()? {
            Tok::Comma | Tok::Close(_) => Ok(value),
            _ => {
                self.skip_balanced(0)?;
                Ok(Value::Other)
            }
        }
    }

    fn list(&mut self) -> Result<Value, usize> {
        let mut items = Vec::new();
        loop {
            if self.peek_in_brackets()? == Tok::Close(']') {
                self.next()?;
                return Ok(Value::List(items));
            }
            items.push(self.value()?);
            let token = self.next_in_brackets()?;
            match token.tok {
                Tok::Comma => {}
                Tok::Close(']') => return Ok(Value::List(items)),
                _ => return Err(token.start),
            }
        }
    }

    /// Skips tokens until `depth` brackets are closed; at depth 0, stops before a `,` or a
    /// closing bracket.
    fn skip_balanced(&mut self, mut depth: usize) -> Result<(), usize> {
        loop {
            if depth == 0 && matches!(self.peek_in_brackets()?, Tok::Comma | Tok::Close(_)) {
                return Ok(());
            }
            let token = self.next_in_brackets()?;
            match token.tok {
                // `a b=c` is no expression: a `,` is missing.
                Tok::Equals if depth == 0 => return Err(token.start),
                Tok::Open(_) => depth += 1,
                Tok::Close(_) => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
    }
}

/// The next token from `*pos`, skipping blanks, comments and escaped line breaks.
fn lex(src: &str, pos: &mut usize) -> Result<Option<Token>, usize> {
    let bytes = src.as_bytes();
    loop {
        match bytes.get(*pos) {
            Some(b' ' | b'\t' | b'\r' | b'\x0c') => *pos += 1,
            Some(b'\\') if bytes.get(*pos + 1) == Some(&b'\n') => *pos += 2,
            Some(b'\\') if bytes.get(*pos + 1..*pos + 3) == Some(b"\r\n") => *pos += 3,
            Some(b'#') => {
                *pos = src[*pos..].find('\n').map_or(src.len(), |i| *pos + i);
            }
            _ => break,
        }
    }
    let start = *pos;
    let Some(c) = src[start..].chars().next() else {
        return Ok(None);
    };
    let one = |tok: Tok, pos: &mut usize| {
        *pos = start + c.len_utf8();
        Ok(Some(Token {
            tok,
            start,
            end: *pos,
        }))
    };
    match c {
        '\n' => one(Tok::Newline, pos),
        '(' | '[' | '{' => one(Tok::Open(c), pos),
        ')' | ']' | '}' => one(Tok::Close(c), pos),
        ',' => one(Tok::Comma, pos),
        ';' => one(Tok::Semi, pos),
        '=' if bytes.get(start + 1) == Some(&b'=') => {
            *pos = start + 2;
            Ok(Some(Token {
                tok: Tok::Other,
                start,
                end: *pos,
            }))
        }
        '=' => one(Tok::Equals, pos),
        '"' | '\'' => {
            let text = string(src, pos, false)?;
            Ok(Some(Token {
                tok: Tok::Str(text),
                start,
                end: *pos,
            }))
        }
        c if c.is_alphabetic() || c == '_' => {
            let len = src[start..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(src.len() - start);
            let word = &src[start..start + len];
            *pos = start + len;
            let raw = matches!(word, "r" | "R" | "b" | "B" | "rb" | "br" | "Rb" | "bR");
            if raw && matches!(bytes.get(*pos), Some(b'"' | b'\'')) {
                let text = string(src, pos, word.contains(['r', 'R']))?;
                return Ok(Some(Token {
                    tok: Tok::Str(text),
                    start,
                    end: *pos,
                }));
            }
            Ok(Some(Token {
                tok: Tok::Ident(word.to_string()),
                start,
                end: *pos,
            }))
        }
        c if c.is_ascii_digit() => {
            let len = src[start..]
                .find(|c: char| !(c.is_alphanumeric() || c == '.' || c == '_'))
                .unwrap_or(src.len() - start);
            *pos = start + len;
            Ok(Some(Token {
                tok: Tok::Other,
                start,
                end: *pos,
            }))
        }
        _ => one(Tok::Other, pos),
    }
}

/// A string literal at `*pos` (its opening quote), decoded. `raw` keeps backslashes.
fn string(src: &str, pos: &mut usize, raw: bool) -> Result<String, usize> {
    let start = *pos;
    let rest = &src[start..];
    let quote = rest.chars().next().ok_or(start)?;
    let triple: String = std::iter::repeat_n(quote, 3).collect();
    let long = rest.starts_with(&triple);
    let mut i = start + if long { 3 } else { 1 };
    let mut out = String::new();
    loop {
        let Some(c) = src[i..].chars().next() else {
            return Err(start);
        };
        if long && src[i..].starts_with(&triple) {
            *pos = i + 3;
            return Ok(out);
        }
        if !long && c == quote {
            *pos = i + 1;
            return Ok(out);
        }
        if !long && c == '\n' {
            return Err(start);
        }
        i += c.len_utf8();
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(escaped) = src[i..].chars().next() else {
            return Err(start);
        };
        i += escaped.len_utf8();
        if raw {
            out.push('\\');
            out.push(escaped);
            continue;
        }
        match escaped {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '0' => out.push('\0'),
            '\n' => {}
            '\\' | '\'' | '"' => out.push(escaped),
            'x' | 'u' | 'U' => {
                let digits = match escaped {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let hex = src.get(i..i + digits).ok_or(start)?;
                let code = u32::from_str_radix(hex, 16).map_err(|_| start)?;
                out.push(char::from_u32(code).ok_or(start)?);
                i += digits;
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
}
