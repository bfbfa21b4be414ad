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

/// Implements `Serialize` and `Deserialize` for a type whose serde code is derived with
/// `#[serde(remote = "Self")]`, deserialising through a check: `validated_serde!(Type,
/// check)` where `check: fn(Type) -> Result<Type, E>` and `E: Display`. See the [module
/// documentation](crate::load).
#[macro_export]
macro_rules! validated_serde {
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
