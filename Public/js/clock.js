// The page's clock for the waits a person feels: how long the code panel keeps its hands off
// after its person scrolled it. One object, so a browser test can move it on (by importing this
// module and replacing `now`) instead of waiting for the time to pass.

export const clock = {
  /** Milliseconds on the page's monotonic clock. */
  now: () => performance.now(),
};
