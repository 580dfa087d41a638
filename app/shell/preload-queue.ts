/** Navigation: how many route modules preload at once, and how long a navigation waits to repaint. */
const MAX_PRELOADS_IN_FLIGHT = 4;

type Task = () => Promise<unknown>;

/**
 * Runs preload tasks at most `limit` at a time; the rest wait their turn
 * in order. A failed task only frees its slot: preloading is best effort.
 */
export function createPreloadQueue(limit: number = MAX_PRELOADS_IN_FLIGHT) {
  let active = 0;
  const waiting: Task[] = [];

  function pump() {
    while (active < limit && waiting.length > 0) {
      const task = waiting.shift() as Task;
      active += 1;
      task()
        .catch(() => undefined)
        .finally(() => {
          active -= 1;
          pump();
        });
    }
  }

  return {
    add(task: Task): void {
      waiting.push(task);
      pump();
    },
    /** How many tasks run now and how many wait (for tests and debugging). */
    stats: () => ({ active, waiting: waiting.length }),
  };
}
