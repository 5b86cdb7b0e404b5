import net from 'node:net';

export interface RawAnswer {
  /** Every byte the server sent until it closed the connection. */
  text: string;
  /** Each response's status and parsed body, in order. */
  responses: Array<{ status: number; headers: string; body: any }>;
  /** Bytes of the request the client had written when the server closed. */
  bytesSent: number;
}

function splitResponses(text: string): RawAnswer['responses'] {
  const responses: RawAnswer['responses'] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headerEnd = rest.indexOf('\r\n\r\n');
    const headers = rest.slice(0, headerEnd);
    const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
    const body = rest.slice(headerEnd + 4, headerEnd + 4 + length);
    responses.push({ status: Number(headers.slice(9, 12)), headers, body: body ? JSON.parse(body) : null });
    rest = rest.slice(headerEnd + 4 + length);
  }
  return responses;
}

/**
 * Talks HTTP by hand to a listening server, as a broken or hostile client would: writes `parts` one after the other,
 * `gapMs` apart (a trickle), keeps the connection open after them unless `end`, and resolves with whatever the
 * server answered once the server closes the connection.
 */
export function rawHttp(
  baseUrl: string,
  parts: Array<string | Buffer>,
  options: { gapMs?: number; end?: boolean } = {},
): Promise<RawAnswer> {
  const { port, hostname } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let bytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    const writeFrom = (index: number) => {
      if (socket.destroyed || socket.writableEnded) return;
      if (index === parts.length) {
        if (options.end) socket.end();
        return;
      }
      const part = parts[index] as string | Buffer;
      socket.write(part);
      bytesSent += Buffer.byteLength(part);
      timer = setTimeout(() => writeFrom(index + 1), options.gapMs ?? 0);
    };
    socket.on('connect', () => writeFrom(0));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while the client still writes; what it answered before is the result.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ text, responses: splitResponses(text), bytesSent });
    });
  });
}
