//! Work of one commit spread over every core (issue 19): a bulk import
//! stages and commits thousands of rows, entries and blobs at its end,
//! when its readers are done and the other cores idle.

/// `work` over `items`, the results in the items' order: on every core,
/// in one contiguous run of items per thread, when `spread` says the work
/// is big enough to pay for the threads; on this thread otherwise.
pub(crate) fn map_on_every_core<T: Send, R: Send>(
    items: Vec<T>,
    spread: bool,
    work: impl Fn(T) -> R + Sync,
) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    if !spread || threads == 1 || items.len() < 2 {
        return items.into_iter().map(work).collect();
    }
    let chunk = items.len().div_ceil(threads);
    let mut runs: Vec<Vec<T>> = Vec::with_capacity(threads);
    let mut items = items.into_iter();
    loop {
        let run: Vec<T> = items.by_ref().take(chunk).collect();
        if run.is_empty() {
            break;
        }
        runs.push(run);
    }
    let work = &work;
    // The caller works the first run itself: a thread less to start for
    // each batch (an import staged about 48 short threads, issue 19).
    let mut runs = runs.into_iter();
    let first = runs.next().expect("two items make a run at least");
    std::thread::scope(|scope| {
        let threads: Vec<_> = runs
            .map(|run| scope.spawn(move || run.into_iter().map(work).collect::<Vec<R>>()))
            .collect();
        let mut results: Vec<R> = first.into_iter().map(work).collect();
        for thread in threads {
            results.extend(thread.join().expect("a commit's work does not panic"));
        }
        results
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_the_items_order() {
        for count in [0, 1, 2, 3, 7, 1_000] {
            let items: Vec<usize> = (0..count).collect();
            let doubled = map_on_every_core(items, true, |i| i * 2);
            assert_eq!(doubled, (0..count).map(|i| i * 2).collect::<Vec<_>>());
        }
    }
}
