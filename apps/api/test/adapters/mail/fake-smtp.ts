import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** The replies the fake relay gives for one recipient instead of accepting: to RCPT TO, or after the message data. */
export interface RecipientReplies {
  rcpt?: string;
  data?: string;
}

/**
 * A local SMTP server speaking just enough of RFC 5321 for a client to deliver (EHLO, MAIL, RCPT, DATA, QUIT).
 * `replies` refuses chosen recipients as a real relay does: e.g. `{ rcpt: '550 5.1.1 … unknown' }` for a mailbox
 * that does not exist, `{ rcpt: '451 4.7.1 … try later' }` for greylisting, `{ data: '554 5.7.1 … spam' }` for a
 * message refused after its data. It can be changed while the server runs.
 */
export async function startFakeSmtp(options: { replies?: Record<string, RecipientReplies> } = {}) {
  const replies = options.replies ?? {};
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let current: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const refusal = current.to.map((to) => replies[to]?.data).find(Boolean);
          if (refusal) reply(refusal);
          else {
            received.push(current);
            reply('250 2.0.0 queued');
          }
          current = { from: '', to: [], data: '' };
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          const to = /<([^>]*)>/.exec(line)?.[1] ?? '';
          const refusal = replies[to]?.rcpt;
          if (refusal) reply(refusal);
          else {
            current.to.push(to);
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 ok');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    replies,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
