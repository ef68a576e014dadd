/** One Server-Sent Events message: its `event:` name ("message" when absent) and its joined `data:` lines. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream incrementally: feed it the decoded chunks as they
 * arrive; it returns the messages they complete (a blank line ends one).
 */
export function createSseParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  return function feed(chunk: string): ServerSentEvent[] {
    buffer += chunk;
    const messages: ServerSentEvent[] = [];
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) !== -1) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (data.length > 0 || event) messages.push({ event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue; // a comment (keep-alive)
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    return messages;
  };
}
