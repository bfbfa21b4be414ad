//! Rule variants as data: [`Overrides`] of top-level config fields, read from a file or from
//! `key=value`, and applied to a config ([`apply`]); the leaf under the spec and the
//! comparison of [`crate::variant`], which re-exports it.

use dicecore::Game;

/// A rule variant: top-level config fields and their new values (a JSON object).
pub type Overrides = serde_json::Map<String, serde_json::Value>;

/// Why a variant does not make a config of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// The variant file is not a JSON object.
    #[error("a variant is a JSON object of config fields, e.g. {{\"some_flag\": true}}: {0}")]
    NotObject(String),
    /// A `--set` argument is not `key=value`.
    #[error("--set expects key=value, not '{0}'")]
    Set(String),
    /// The game's config has no such field.
    #[error("{game} has no config field '{field}'; its config fields: {fields}")]
    UnknownField {
        /// The game's name.
        game: &'static str,
        /// The field asked for.
        field: String,
        /// The config's fields, comma-separated.
        fields: String,
    },
    /// The value does not fit the field.
    #[error(
        "{game}'s config field '{field}' cannot be {value}: {reason}; its config fields: {fields}"
    )]
    BadValue {
        /// The game's name.
        game: &'static str,
        /// The field.
        field: String,
        /// The value given, as JSON.
        value: String,
        /// Why serde refused it.
        reason: String,
        /// The config's fields, comma-separated.
        fields: String,
    },
    /// The overridden config is refused by the game.
    #[error("the variant is not a valid {game} config: {reason}")]
    Refused {
        /// The game's name.
        game: &'static str,
        /// The game's error.
        reason: String,
    },
    /// The game's config is not a JSON object (no fields to override).
    #[error("{0}'s config has no fields to override")]
    NoFields(&'static str),
}

/// Reads `key=value`: the value as JSON if it is JSON (`true`, `3`, `"text"`, `[1, 2]`),
/// otherwise as a string.
///
/// ```
/// use tabula_sim::variant::parse_set;
/// assert_eq!(parse_set("flag=true").unwrap(), ("flag".to_string(), serde_json::json!(true)));
/// assert_eq!(parse_set("name=lords").unwrap().1, serde_json::json!("lords"));
/// assert!(parse_set("flag").is_err());
/// ```
pub fn parse_set(text: &str) -> Result<(String, serde_json::Value), VariantError> {
    let (key, value) = text
        .split_once('=')
        .filter(|(k, _)| !k.trim().is_empty())
        .ok_or_else(|| VariantError::Set(text.to_string()))?;
    let value = serde_json::from_str(value.trim())
        .unwrap_or_else(|_| serde_json::Value::String(value.to_string()));
    Ok((key.trim().to_string(), value))
}

/// Reads a variant file's text: a JSON object of config fields.
pub fn parse_overrides(text: &str) -> Result<Overrides, VariantError> {
    match serde_json::from_str(text) {
        Ok(serde_json::Value::Object(map)) => Ok(map),
        Ok(other) => Err(VariantError::NotObject(format!("found {other}"))),
        Err(e) => Err(VariantError::NotObject(e.to_string())),
    }
}

/// `config` with the fields of `overrides` replaced, checked field by field (an unknown field
/// or a value of the wrong type is named) and then by [`Game::new`].
pub fn apply<G: Game>(
    config: &G::Config,
    overrides: &Overrides,
) -> Result<G::Config, VariantError> {
    let value = serde_json::to_value(config).map_err(|e| VariantError::Refused {
        game: G::NAME,
        reason: e.to_string(),
    })?;
    let serde_json::Value::Object(base) = value else {
        return Err(VariantError::NoFields(G::NAME));
    };
    let fields = || base.keys().cloned().collect::<Vec<_>>().join(", ");
    if let Some(field) = overrides.keys().find(|f| !base.contains_key(*f)) {
        return Err(VariantError::UnknownField {
            game: G::NAME,
            field: field.clone(),
            fields: fields(),
        });
    }
    let mut all = base.clone();
    all.extend(overrides.clone());
    let config = match serde_json::from_value::<G::Config>(serde_json::Value::Object(all)) {
        Ok(config) => config,
        Err(e) => {
            // Name the field whose value does not fit, tried one at a time.
            for (field, v) in overrides {
                let mut one = base.clone();
                one.insert(field.clone(), v.clone());
                if let Err(e) = serde_json::from_value::<G::Config>(serde_json::Value::Object(one))
                {
                    return Err(VariantError::BadValue {
                        game: G::NAME,
                        field: field.clone(),
                        value: v.to_string(),
                        reason: e.to_string(),
                        fields: fields(),
                    });
                }
            }
            return Err(VariantError::Refused {
                game: G::NAME,
                reason: e.to_string(),
            });
        }
    };
    G::new(&config).map_err(|e| VariantError::Refused {
        game: G::NAME,
        reason: e.to_string(),
    })?;
    Ok(config)
}
