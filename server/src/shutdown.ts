/** One step of stopping, named so that a step that hangs can be told. */
export interface ShutdownStage {
  name: string;
  run: () => Promise<unknown>;
}

export interface ShutdownOptions {
  /** called first: /health/ready answers 503 from then on */
  beginDrain: () => void;
  /** how long to keep serving after beginDrain, so the balancer stops sending before the listener closes */
  drainMs: number;
  /** run in order after the drain: close the listener (in-flight requests finish), the jobs, the database */
  stages: readonly ShutdownStage[];
  /** how long the stages may take together before the process gives up */
  timeoutMs: number;
  log: (message: string) => void;
  exit: (code: number) => void;
}

/** Exit codes: 0 stopped cleanly; 1 a stage failed or hung; 130 a second signal cut the stop short. */
export const EXIT = { clean: 0, failed: 1, interrupted: 130 } as const;

/**
 * The signal handler of the server process. The first signal drains, then runs the stages in order and exits 0;
 * a stage that throws exits 1; stages still running after timeoutMs exit 1 naming the stage that hung; a second
 * signal exits at once (130). The timer is not unref'd: a hung stage may leave nothing else on the event loop.
 */
export function createShutdown(options: ShutdownOptions): (signal: string) => void {
  let started = false;
  return (signal) => {
    if (started) {
      options.log(`再次收到 ${signal}，立即退出 / ${signal} again: exiting now`);
      options.exit(EXIT.interrupted);
      return;
    }
    started = true;
    options.log(`${signal}: 正在停止，先暂停接收新流量 / draining for ${options.drainMs} ms`);
    options.beginDrain();
    let current = '';
    let timer: NodeJS.Timeout | undefined;
    const stop = async () => {
      await new Promise((resolve) => setTimeout(resolve, options.drainMs));
      timer = setTimeout(() => {
        options.log(
          `停止超时（${options.timeoutMs} ms）：${current} 未完成，强制退出 / shutdown timed out after ${options.timeoutMs} ms: ${current} never finished`,
        );
        options.exit(EXIT.failed);
      }, options.timeoutMs);
      for (const stage of options.stages) {
        current = stage.name;
        await stage.run();
      }
    };
    stop().then(
      () => {
        clearTimeout(timer);
        options.log('已停止 / stopped');
        options.exit(EXIT.clean);
      },
      (error: unknown) => {
        clearTimeout(timer);
        options.log(
          `停止失败：${current} / shutdown failed in ${current}: ${error instanceof Error ? error.message : String(error)}`,
        );
        options.exit(EXIT.failed);
      },
    );
  };
}
