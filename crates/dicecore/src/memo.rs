//! [`Memo`]: what a state keeps to answer a question faster, made the first time the question
//! is asked.

use std::fmt;
use std::sync::OnceLock;

/// A value a state keeps to answer a question faster (a running score, say): empty until the
/// question is first asked ([`Memo::get_or_init`]), then kept up to date by the state as it
/// changes ([`Memo::get_mut`]), so that a state that is never asked pays nothing for it. It
/// follows from the rest of the state, so it never tells two states apart (`==` is always
/// true), and a state keeps it out of its saved text (`#[serde(skip)]`: a state read back
/// makes it again when asked). Sharing a state between threads is safe: the first question
/// fills it once.
///
/// A struct holding a `Memo` clones fastest with the `Memo` declared first: reading whether it
/// was made is an atomic load, and fields cloned before it are copied one by one through the
/// stack instead of as a block.
///
/// ```
/// use dicecore::Memo;
/// let mut memo: Memo<u32> = Memo::new();
/// assert_eq!(memo.get(), None);
/// assert_eq!(*memo.get_or_init(|| 6), 6);
/// if let Some(kept) = memo.get_mut() {
///     *kept += 1; // the state changed: the kept value follows
/// }
/// assert_eq!(memo.get(), Some(&7));
/// assert_eq!(memo.clone().get(), Some(&7)); // a clone keeps what was made
/// assert_eq!(Memo::<u32>::new().clone().get(), None);
/// assert_eq!(memo, Memo::new()); // never tells states apart
/// ```
pub struct Memo<T>(OnceLock<T>);

impl<T> Memo<T> {
    /// Empty.
    pub const fn new() -> Memo<T> {
        Memo(OnceLock::new())
    }

    /// The value, if it was made.
    pub fn get(&self) -> Option<&T> {
        self.0.get()
    }

    /// The value, made by `make` if it was not.
    pub fn get_or_init(&self, make: impl FnOnce() -> T) -> &T {
        self.0.get_or_init(make)
    }

    /// The value, to keep it up to date, if it was made.
    pub fn get_mut(&mut self) -> Option<&mut T> {
        self.0.get_mut()
    }

    /// Empties it (the state changed in a way the value does not follow).
    pub fn clear(&mut self) {
        self.0 = OnceLock::new();
    }
}

impl<T: Clone> Clone for Memo<T> {
    /// A copy of the value, if it was made. Copying a made value is a call of its own:
    /// inlined, a large value's copy put its stack frame (tens of kilobytes for a kept running
    /// score) into the clone of every state holding the `Memo`, made or not.
    #[inline]
    fn clone(&self) -> Memo<T> {
        match self.0.get() {
            Some(value) => Memo::holding_copy_of(value),
            None => Memo::new(),
        }
    }
}

impl<T: Clone> Memo<T> {
    /// A `Memo` holding a copy of `value` (out of line: see `clone`).
    #[inline(never)]
    fn holding_copy_of(value: &T) -> Memo<T> {
        Memo(OnceLock::from(value.clone()))
    }
}

impl<T> Default for Memo<T> {
    fn default() -> Memo<T> {
        Memo::new()
    }
}

impl<T> PartialEq for Memo<T> {
    /// Always: the value follows from the rest of the state.
    fn eq(&self, _: &Memo<T>) -> bool {
        true
    }
}

impl<T> Eq for Memo<T> {}

impl<T: fmt::Debug> fmt::Debug for Memo<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.get() {
            Some(value) => f.debug_tuple("Memo").field(value).finish(),
            None => f.write_str("Memo(empty)"),
        }
    }
}
