//! A small hand-written command-line parser: `--flag`, `--flag VALUE`, `--flag=VALUE`, and
//! positional arguments.

/// One parsed argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// `--name` or `--name VALUE` (the value when the flag takes one).
    Flag(String, Option<String>),
    /// Anything not starting with `--`.
    Positional(String),
}

/// Parses `args` (without the program name). `with_value` lists the flags that take a value
/// (given as the next argument or after `=`); every other `--flag` takes none. Unknown flags
/// are an error.
pub fn parse(
    args: impl IntoIterator<Item = String>,
    with_value: &[&str],
    without_value: &[&str],
) -> Result<Vec<Arg>, String> {
    let mut out = Vec::new();
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        let Some(flag) = arg.strip_prefix("--") else {
            out.push(Arg::Positional(arg));
            continue;
        };
        let (name, inline) = match flag.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (flag.to_string(), None),
        };
        if with_value.contains(&name.as_str()) {
            let value = match inline {
                Some(v) => v,
                None => it.next().ok_or_else(|| format!("--{name} needs a value"))?,
            };
            out.push(Arg::Flag(name, Some(value)));
        } else if without_value.contains(&name.as_str()) {
            if inline.is_some() {
                return Err(format!("--{name} takes no value"));
            }
            out.push(Arg::Flag(name, None));
        } else {
            return Err(format!("unknown option --{name} (try --help)"));
        }
    }
    Ok(out)
}

/// Parses a number given to `--flag`, with a message naming the flag.
pub fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value
        .trim()
        .parse()
        .map_err(|_| format!("--{flag} expects a number, not '{value}'"))
}
