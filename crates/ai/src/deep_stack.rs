//! A thread with a deep stack, for the recursive searches whose lines are as long as the
//! longest line of a round without a repetition.
//!
//! The stack is address space only: the pages a search touches are few. Where the address
//! space is limited (`ulimit -v`), a large stack cannot be reserved, so smaller ones are tried
//! in turn, which the lines of the canonical board stay far within.

/// The stack sizes tried, largest first.
const STACKS: [usize; 4] = [4 << 30, 1 << 30, 256 << 20, 64 << 20];

/// Runs `work` on a thread named `name` with the largest stack of [`STACKS`] that can be
/// reserved, and returns its result. A panic in `work` goes on in the caller.
pub(crate) fn run<T: Send>(name: &str, mut work: impl FnMut() -> T + Send) -> T {
    for stack in STACKS {
        let spawned = std::thread::scope(|scope| {
            std::thread::Builder::new()
                .name(name.into())
                .stack_size(stack)
                .spawn_scoped(scope, &mut work)
                .map(|thread| thread.join())
        });
        match spawned {
            Ok(Ok(result)) => return result,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            // No room for this stack: try the next, smaller one.
            Err(_) => continue,
        }
    }
    panic!("no thread could be made for the search, even with a stack of 64 MB")
}

#[cfg(test)]
mod tests {
    use super::run;

    fn depth(n: u32) -> u32 {
        if n == 0 {
            0
        } else {
            1 + std::hint::black_box(depth(n - 1))
        }
    }

    #[test]
    fn a_deep_recursion_runs_and_its_result_comes_back() {
        // Far deeper than a default 2 MB thread stack holds.
        assert_eq!(run("depth", || depth(1_000_000)), 1_000_000);
    }

    #[test]
    #[should_panic(expected = "the work's own panic")]
    fn a_panic_in_the_work_goes_on_in_the_caller() {
        run("panics", || -> u32 { panic!("the work's own panic") });
    }
}
