//! Containers that give their memory back once drained.
//!
//! A burst of 10^6 tasks grows the loop's queues to tens of megabytes; a queue keeps that
//! capacity after it empties, for the rest of the program, unless told otherwise. The loop's
//! containers call [`release_if_drained`] where they may have just emptied.
//!
//! Invariant: `release_if_drained` leaves a container that is empty and whose storage takes more
//! than [`RELEASE_BYTES`] empty with no storage, and leaves every other container untouched (so a
//! container that cycles between empty and a few entries never reallocates).

use std::collections::{BinaryHeap, VecDeque};

/// A drained container whose storage takes more than this many bytes gives it back.
pub const RELEASE_BYTES: usize = 1 << 20;

/// A container with storage of its own.
pub trait Storage {
    fn is_empty(&self) -> bool;
    /// The bytes its storage takes (capacity, not length).
    fn storage_bytes(&self) -> usize;
    /// Drop the storage (the container is empty).
    fn release(&mut self);
}

/// See the module docs.
#[inline]
pub fn release_if_drained(container: &mut impl Storage) {
    if container.is_empty() && container.storage_bytes() > RELEASE_BYTES {
        container.release();
    }
}

impl<T> Storage for Vec<T> {
    fn is_empty(&self) -> bool {
        Vec::is_empty(self)
    }
    fn storage_bytes(&self) -> usize {
        self.capacity() * std::mem::size_of::<T>()
    }
    fn release(&mut self) {
        *self = Vec::new();
    }
}

impl<T> Storage for VecDeque<T> {
    fn is_empty(&self) -> bool {
        VecDeque::is_empty(self)
    }
    fn storage_bytes(&self) -> usize {
        self.capacity() * std::mem::size_of::<T>()
    }
    fn release(&mut self) {
        *self = VecDeque::new();
    }
}

impl<T: Ord> Storage for BinaryHeap<T> {
    fn is_empty(&self) -> bool {
        BinaryHeap::is_empty(self)
    }
    fn storage_bytes(&self) -> usize {
        self.capacity() * std::mem::size_of::<T>()
    }
    fn release(&mut self) {
        *self = BinaryHeap::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_drained_container_is_released_and_others_are_kept() {
        let mut large: VecDeque<u64> = (0..200_000).collect();
        release_if_drained(&mut large);
        assert!(large.capacity() >= 200_000, "not empty: kept");
        large.clear();
        release_if_drained(&mut large);
        assert_eq!(large.capacity(), 0, "empty and large: released");

        let mut small: Vec<u64> = (0..1000).collect();
        small.clear();
        release_if_drained(&mut small);
        assert!(small.capacity() >= 1000, "empty but small: kept");

        let mut heap: BinaryHeap<u64> = (0..200_000).collect();
        heap.clear();
        release_if_drained(&mut heap);
        assert_eq!(heap.capacity(), 0);
    }
}
