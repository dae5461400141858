import { listSubmissions, type CollectSubmission } from './collect-db';
import { sendSubmission, type SendSteps } from './send-submission';

/** Finished and not yet sent: waiting, or left 'sending' by a page that closed meanwhile. */
const isQueued = (submission: CollectSubmission) => submission.state === 'waiting' || submission.state === 'sending';

let running: Promise<void> | null = null;
let again = false;

/**
 * Sends an account's queued submissions one after another, oldest first. One run at a time: a
 * call during a run makes the run look again when it ends, or start afresh if it stopped for want
 * of a connection. A submission that finds no connection stops the run; the next 'online' event
 * (or the periodic retry) starts another.
 */
export const syncQueue = (userId: string, steps: SendSteps): Promise<void> => {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    const tried = new Set<string>();
    try {
      for (;;) {
        again = false;
        const queued = (await listSubmissions(userId)).filter(isQueued).reverse();
        const next = queued.find((submission) => !tried.has(submission.id));
        if (!next) {
          if (again) continue;
          break;
        }
        tried.add(next.id);
        const result = await sendSubmission(next, steps);
        if (result.state === 'waiting') break;
      }
    } finally {
      running = null;
    }
    // Asked again while this run was giving up (the connection came back as a send failed): go on.
    if (again) {
      again = false;
      await syncQueue(userId, steps);
    }
  })();
  return running;
};
