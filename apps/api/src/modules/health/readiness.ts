/** Something the server cannot serve its callers without. `check` rejects when it is down. */
export interface Dependency {
  name: string;
  check(): Promise<void>;
}

/** Long enough for a busy database, short enough that a load balancer's probe gets its answer before it gives up. */
export const CHECK_TIMEOUT_MS = 2_000;

function withinTimeout(check: Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

/** The dependencies that failed their check, each with why (for the log; the caller sees only the names). */
export async function downDependencies(
  dependencies: Dependency[],
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<Array<{ name: string; error: unknown }>> {
  const outcomes = await Promise.allSettled(
    dependencies.map((dependency) => withinTimeout(dependency.check(), timeoutMs)),
  );
  return outcomes.flatMap((outcome, i) =>
    outcome.status === 'rejected' ? [{ name: dependencies[i]!.name, error: outcome.reason }] : [],
  );
}
