//! The agent's arithmetic that must be identical on every machine: a 64-bit hasher, the
//! fingerprint of a seat's view (any `Serialize` value, hashed field by field without
//! formatting or allocating), and a natural logarithm written with basic IEEE operations only.

use serde::ser::{self, Serialize};
use std::fmt;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A fast, seedless 64-bit hasher (folded 128-bit multiply per word). Deterministic: used for
/// lookups only, never iterated, so no result depends on a hash order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fold(u64);

const K: u64 = 0x9E37_79B9_7F4A_7C15;

fn fold(a: u64, b: u64) -> u64 {
    let p = a as u128 * b as u128;
    (p as u64) ^ ((p >> 64) as u64)
}

impl Default for Fold {
    fn default() -> Self {
        Fold(0x2545_F491_4F6C_DD1D)
    }
}

impl Hasher for Fold {
    fn finish(&self) -> u64 {
        fold(self.0, K ^ 0xD6E8_FEB8_6659_FD93)
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
        self.write_u64(bytes.len() as u64);
    }
    fn write_u8(&mut self, x: u8) {
        self.write_u64(x as u64);
    }
    fn write_u16(&mut self, x: u16) {
        self.write_u64(x as u64);
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(x as u64);
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = fold(self.0 ^ x, K).rotate_left(23);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

/// `HashMap` builder with [`Fold`].
pub(crate) type FoldBuild = BuildHasherDefault<Fold>;

/// The [`Fold`] hash of a `Hash` value (an action).
pub(crate) fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut h = Fold::default();
    value.hash(&mut h);
    h.finish()
}

/// The fingerprint of a serialisable value: every primitive, length and variant index it
/// serialises, in order, through [`Fold`]. Equal values give equal fingerprints; different
/// values collide with probability about 2⁻⁶⁴.
pub(crate) fn fingerprint<T: Serialize + ?Sized>(value: &T) -> u64 {
    let mut h = Fold::default();
    // Serialising into a hasher cannot fail; a `Serialize` impl that reports an error anyway
    // leaves what it wrote so far, still a function of the value.
    let _ = value.serialize(&mut h);
    h.finish()
}

/// Serialisation never fails here; the type exists because serde requires one.
#[derive(Debug)]
pub(crate) struct Never;

impl fmt::Display for Never {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("fingerprint")
    }
}

impl std::error::Error for Never {}

impl ser::Error for Never {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Never
    }
}

/// Tags keep the encoding of different shapes apart (a `None` from a `0`, a sequence's end
/// from an element).
const TAG_NONE: u64 = 0xA1;
const TAG_SOME: u64 = 0xA2;
const TAG_UNIT: u64 = 0xA3;
const TAG_END: u64 = 0xA4;
const TAG_VARIANT: u64 = 0xA5;

impl ser::Serializer for &mut Fold {
    type Ok = ();
    type Error = Never;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn serialize_bool(self, v: bool) -> Result<(), Never> {
        self.write_u64(v as u64);
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Never> {
        self.serialize_i64(v as i64)
    }
    fn serialize_i16(self, v: i16) -> Result<(), Never> {
        self.serialize_i64(v as i64)
    }
    fn serialize_i32(self, v: i32) -> Result<(), Never> {
        self.serialize_i64(v as i64)
    }
    fn serialize_i64(self, v: i64) -> Result<(), Never> {
        self.write_u64(v as u64);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Never> {
        self.serialize_u64(v as u64)
    }
    fn serialize_u16(self, v: u16) -> Result<(), Never> {
        self.serialize_u64(v as u64)
    }
    fn serialize_u32(self, v: u32) -> Result<(), Never> {
        self.serialize_u64(v as u64)
    }
    fn serialize_u64(self, v: u64) -> Result<(), Never> {
        self.write_u64(v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Never> {
        self.serialize_u64(v.to_bits() as u64)
    }
    fn serialize_f64(self, v: f64) -> Result<(), Never> {
        self.serialize_u64(v.to_bits())
    }
    fn serialize_char(self, v: char) -> Result<(), Never> {
        self.serialize_u64(v as u64)
    }
    fn serialize_str(self, v: &str) -> Result<(), Never> {
        self.write(v.as_bytes());
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Never> {
        self.write(v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Never> {
        self.serialize_u64(TAG_NONE)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Never> {
        self.write_u64(TAG_SOME);
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Never> {
        self.serialize_u64(TAG_UNIT)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Never> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
    ) -> Result<(), Never> {
        self.write_u64(TAG_VARIANT);
        self.serialize_u32(index)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Never> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        value: &T,
    ) -> Result<(), Never> {
        self.write_u64(TAG_VARIANT);
        self.write_u32(index);
        value.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, Never> {
        self.write_u64(len.map_or(u64::MAX, |n| n as u64));
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, Never> {
        self.write_u64(TAG_VARIANT);
        self.write_u32(index);
        Ok(self)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Self, Never> {
        self.serialize_seq(len)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self, Never> {
        self.serialize_tuple_variant(name, index, variant, len)
    }
}

/// The compound serialisers: every element goes into the same hasher, and the end is marked.
macro_rules! compound {
    ($($trait:ident :: $method:ident $(($key:ident))?),* $(,)?) => {$(
        impl ser::$trait for &mut Fold {
            type Ok = ();
            type Error = Never;
            fn $method<T: Serialize + ?Sized>(
                &mut self,
                $($key: &'static str,)?
                value: &T,
            ) -> Result<(), Never> {
                $(let _ = $key;)?
                value.serialize(&mut **self)
            }
            fn end(self) -> Result<(), Never> {
                self.write_u64(TAG_END);
                Ok(())
            }
        }
    )*};
}

compound! {
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field,
    SerializeStruct::serialize_field(key),
    SerializeStructVariant::serialize_field(key),
}

impl ser::SerializeMap for &mut Fold {
    type Ok = ();
    type Error = Never;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Never> {
        key.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Never> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Never> {
        self.write_u64(TAG_END);
        Ok(())
    }
}

/// `1 / (2k + 1)` for the series of [`ln`].
const ODD_RECIPROCALS: [f64; 12] = [
    1.0,
    1.0 / 3.0,
    1.0 / 5.0,
    1.0 / 7.0,
    1.0 / 9.0,
    1.0 / 11.0,
    1.0 / 13.0,
    1.0 / 15.0,
    1.0 / 17.0,
    1.0 / 19.0,
    1.0 / 21.0,
    1.0 / 23.0,
];

/// The natural logarithm of `x ≥ 1` (a visit count) with additions, multiplications and one
/// division only, so that it is bit-identical on every IEEE 754 machine, unlike the platform's
/// `ln`. Error below 10⁻¹³. Values below 1 give 0.
pub(crate) fn ln(x: f64) -> f64 {
    if x.is_nan() || x <= 1.0 {
        return 0.0;
    }
    // x = m · 2^e with m in [1, 2); then m = √2 · r with r in [1/√2, √2) keeps the series short.
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mut m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    let mut e = e as f64;
    if m > std::f64::consts::SQRT_2 {
        m *= 0.5;
        e += 1.0;
    }
    // ln m = 2 atanh(t), t = (m - 1) / (m + 1), |t| < 0.172.
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    let mut series = 0.0;
    for c in ODD_RECIPROCALS.iter().rev() {
        series = series * t2 + c;
    }
    e * std::f64::consts::LN_2 + 2.0 * t * series
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ln_matches_the_platform_closely() {
        for n in [1u32, 2, 3, 7, 10, 100, 1000, 12345, 1 << 20, u32::MAX] {
            let x = n as f64;
            assert!((ln(x) - x.ln()).abs() < 1e-12 * x.ln().max(1.0), "{n}");
        }
        assert_eq!(ln(1.0), 0.0);
        assert_eq!(ln(0.5), 0.0);
    }

    #[derive(serde::Serialize)]
    enum Shape {
        A,
        B(u8),
        C { x: Option<u8>, y: Vec<u8> },
    }

    #[test]
    fn fingerprints_tell_shapes_apart() {
        let all = [
            fingerprint(&Shape::A),
            fingerprint(&Shape::B(0)),
            fingerprint(&Shape::B(1)),
            fingerprint(&Shape::C { x: None, y: vec![] }),
            fingerprint(&Shape::C {
                x: Some(0),
                y: vec![],
            }),
            fingerprint(&Shape::C {
                x: None,
                y: vec![0],
            }),
            fingerprint(&(vec![1u8, 2], vec![3u8])),
            fingerprint(&(vec![1u8], vec![2u8, 3])),
            fingerprint("ab"),
            fingerprint("ba"),
        ];
        for i in 0..all.len() {
            for j in 0..i {
                assert_ne!(all[i], all[j], "{i} and {j}");
            }
        }
        assert_eq!(fingerprint(&Shape::B(1)), fingerprint(&Shape::B(1)));
        assert_eq!(hash_of(&(1u8, 2u32)), hash_of(&(1u8, 2u32)));
    }
}
