/** One PUT of bytes to a presigned storage URL, answered when and how the test says. */
export interface StoragePut {
  url: string;
  headers: Record<string, string>;
  body: Blob;
  /** The bytes sent, as text. */
  text: () => Promise<string>;
  /** Reports this many bytes sent, as the browser's upload progress does. */
  progress: (loaded: number) => void;
  /** Answers with this HTTP status (200: stored). */
  answer: (status: number) => void;
  /** The connection drops: no answer at all. */
  drop: () => void;
}

/** How the stand-in answers a PUT: a status at once, the connection dropped, or held for the test to answer. */
export type PutAnswer = number | 'dropped' | 'held';

/**
 * The storage end of an upload (S3 behind its presigned URLs) for a component
 * test: an XMLHttpRequest, the browser's only way to see upload progress, that
 * keeps every PUT and answers them in turn (the last answer again and again).
 */
export class StorageStandIn {
  readonly puts: StoragePut[] = [];
  private answers: PutAnswer[] = [200];
  private waiting: Array<() => void> = [];

  /** The answers to the next PUTs, in turn. */
  answerWith(...answers: PutAnswer[]): this {
    this.answers = answers;
    return this;
  }

  /** Resolves with PUT number `n` (from 1) once it has been sent. */
  async put(n: number): Promise<StoragePut> {
    while (this.puts.length < n) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.puts[n - 1];
  }

  private received(put: StoragePut): PutAnswer {
    this.puts.push(put);
    for (const wake of this.waiting.splice(0)) wake();
    return this.answers.length > 1 ? this.answers.shift()! : this.answers[0];
  }

  /** The XMLHttpRequest class to put in the page's place. */
  readonly XMLHttpRequest = storageRequestClass((put) => this.received(put));
}

/** An XMLHttpRequest that hands each PUT to `received` and answers it as that says. */
function storageRequestClass(received: (put: StoragePut) => PutAnswer) {
  return class StorageRequest {
    status = 0;
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    private readonly headers: Record<string, string> = {};
    private settled = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    abort() {
      this.finish(() => this.onabort?.());
    }

    send(body: Blob) {
      if (this.method !== 'PUT') throw new Error(`The storage stand-in takes PUTs only, not ${this.method}`);
      const put: StoragePut = {
        url: this.url,
        headers: this.headers,
        body,
        text: () => readText(body),
        progress: (loaded) => {
          if (!this.settled) this.upload.onprogress?.({ lengthComputable: true, loaded, total: body.size } as ProgressEvent);
        },
        answer: (status) =>
          this.finish(() => {
            this.status = status;
            this.onload?.();
          }),
        drop: () => this.finish(() => this.onerror?.()),
      };
      const answer = received(put);
      if (answer === 'held') return;
      // Answered after the caller's code that follows send() has run, as a network answer is.
      queueMicrotask(() => (answer === 'dropped' ? put.drop() : put.answer(answer)));
    }

    private finish(report: () => void) {
      if (this.settled) return;
      this.settled = true;
      report();
    }
  };
}

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
