//! Validated loading: a saved state is checked before it becomes a state.
//!
//! Every game state derives its serde code with `#[serde(remote = "Self")]`, which makes the
//! derived `serialize` / `deserialize` plain associated functions instead of trait impls, and
//! then calls [`validated_serde!`](crate::validated_serde!) with the function that checks a freshly read state. The
//! macro writes the two trait impls: serialising is the derived code unchanged; deserialising
//! reads the fields with the derived code and passes the result through the check, whose error
//! becomes the deserialiser's error. There is no mirrored record type to keep in step with the
//! state, and the checks stay in plain sight in the game's loader module.
//!
//! The check takes the state by value and returns it (or why it could not arise in play), so
//! it can also rebuild fields that are not saved (`#[serde(skip)]` caches, incremental sets)
//! before the state is used.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
//! #[serde(remote = "Self")]
//! struct Counter {
//!     value: u8,
//!     limit: u8,
//!     #[serde(skip)]
//!     left: u8,
//! }
//!
//! impl Counter {
//!     /// The loader: only states that could arise in play.
//!     fn checked(mut self) -> Result<Counter, String> {
//!         if self.value > self.limit {
//!             return Err(format!("the counter shows {} but stops at {}", self.value, self.limit));
//!         }
//!         self.left = self.limit - self.value;
//!         Ok(self)
//!     }
//! }
//!
//! dicecore::validated_serde!(Counter, Counter::checked);
//!
//! let c: Counter = serde_json::from_str(r#"{"value": 2, "limit": 5}"#).unwrap();
//! assert_eq!(c.left, 3);
//! assert_eq!(serde_json::to_string(&c).unwrap(), r#"{"value":2,"limit":5}"#);
//! let e = serde_json::from_str::<Counter>(r#"{"value": 9, "limit": 5}"#).unwrap_err();
//! assert!(e.to_string().contains("stops at 5"));
//! ```

/// A saved game state as written: the game's name and rules version, then the state's own
/// fields (for [`validated_serde!`]'s `versioned` form; not part of the API).
#[doc(hidden)]
#[derive(serde::Serialize)]
pub struct Stamped<T: serde::Serialize> {
    pub game: &'static str,
    pub rules: u32,
    #[serde(flatten)]
    pub state: T,
}

/// Reads the stamp of a saved game state (`game`, `rules`) off its JSON object and, when the
/// object holds a `config`, reads that config under the stated rules version (or, without a
/// version, the one the config dates to) with [`crate::rules::read_config`], so that a state
/// saved by an older engine plays on as it would have then. What is left is the state's own
/// fields. (For [`validated_serde!`]'s `versioned` form; not part of the API.)
#[doc(hidden)]
pub fn unstamp<G: crate::Game>(mut value: serde_json::Value) -> Result<serde_json::Value, String> {
    let Some(object) = value.as_object_mut() else {
        return Err(format!("a saved {} state is a JSON object", G::NAME));
    };
    match object.remove("game") {
        None => {}
        Some(serde_json::Value::String(game)) if game == G::NAME => {}
        Some(serde_json::Value::String(game)) => {
            return Err(format!(
                "this is a saved state of {game}, not of {}",
                G::NAME
            ))
        }
        Some(other) => return Err(format!("the game's name {other} is not text")),
    }
    let written = match object.remove("rules") {
        None => None,
        Some(v) => Some(
            v.as_u64()
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(|| format!("the rules version {v} is not a version number"))?,
        ),
    };
    match object.remove("config") {
        Some(config) => {
            let (config, _) =
                crate::rules::read_config::<G>(config, written).map_err(|e| e.to_string())?;
            let config = serde_json::to_value(config).map_err(|e| e.to_string())?;
            object.insert("config".to_string(), config);
        }
        // A state that does not save its config (it derives it from its fields) can only be
        // checked for a version from the future.
        None => {
            if let Some(file) = written.filter(|&v| v > G::RULES_VERSION) {
                return Err(crate::rules::RulesError::Future {
                    game: G::NAME,
                    file,
                    engine: G::RULES_VERSION,
                }
                .to_string());
            }
        }
    }
    Ok(value)
}

/// Implements `Serialize` and `Deserialize` for a type whose serde code is derived with
/// `#[serde(remote = "Self")]`, deserialising through a check: `validated_serde!(Type,
/// check)` where `check: fn(Type) -> Result<Type, E>` and `E: Display`. See the [module
/// documentation](crate::load).
///
/// The form `validated_serde!(State, check, versioned)`, for a [`crate::Game`]'s state, also
/// stamps what it writes with the game's name and [`crate::Game::RULES_VERSION`] (`"game"` and
/// `"rules"` before the state's fields) and reads a state saved by an older engine under the
/// rules it was saved with (see [`crate::rules`]); a file without the stamp is dated by its
/// config.
#[macro_export]
macro_rules! validated_serde {
    ($ty:ident, $check:expr, versioned) => {
        impl $crate::__private::serde::Serialize for $ty {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                struct Fields<'a>(&'a $ty);
                impl $crate::__private::serde::Serialize for Fields<'_> {
                    fn serialize<S: $crate::__private::serde::Serializer>(
                        &self,
                        serializer: S,
                    ) -> ::core::result::Result<S::Ok, S::Error> {
                        $ty::serialize(self.0, serializer)
                    }
                }
                $crate::load::Stamped {
                    game: <$ty as $crate::Game>::NAME,
                    rules: <$ty as $crate::Game>::RULES_VERSION,
                    state: Fields(self),
                }
                .serialize(serializer)
            }
        }

        impl<'de> $crate::__private::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                use $crate::__private::serde::de::Error as _;
                let value =
                    <$crate::rules::Value as $crate::__private::serde::Deserialize>::deserialize(
                        deserializer,
                    )?;
                let value = $crate::load::unstamp::<$ty>(value).map_err(D::Error::custom)?;
                let unchecked = $ty::deserialize(value).map_err(D::Error::custom)?;
                ($check)(unchecked).map_err(D::Error::custom)
            }
        }
    };
    ($ty:ident, $check:expr) => {
        impl $crate::__private::serde::Serialize for $ty {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                $ty::serialize(self, serializer)
            }
        }

        impl<'de> $crate::__private::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                let unchecked = $ty::deserialize(deserializer)?;
                ($check)(unchecked)
                    .map_err(<D::Error as $crate::__private::serde::de::Error>::custom)
            }
        }
    };
}
