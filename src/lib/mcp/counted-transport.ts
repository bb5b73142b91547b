/** A transport wrapper that counts each incoming MCP request against the quota, for stdio sessions. */
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { RateLimiter } from '../rate-limit.ts';
import { isRequest, rateLimitedError } from './rate-limited.ts';

/**
 * Wraps `inner`: every request (not notifications) counts once for `client`; over quota it is answered with the
 * rate-limited JSON-RPC error and never reaches the server. Messages are handed on in the order they came.
 */
export class CountedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  private queue: Promise<void> = Promise.resolve();
  private readonly inner: Transport;
  private readonly limiter: RateLimiter;
  private readonly client: string;

  constructor(inner: Transport, limiter: RateLimiter, client: string) {
    this.inner = inner;
    this.limiter = limiter;
    this.client = client;
  }

  get sessionId() {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onmessage = (message, extra) => {
      this.queue = this.queue.then(() => this.receive(message, extra)).catch((error: Error) => this.onerror?.(error));
    };
    await this.inner.start();
  }

  private async receive(message: JSONRPCMessage, extra?: MessageExtraInfo): Promise<void> {
    if (isRequest(message)) {
      const decision = await this.limiter.hit(this.client);
      if (!decision.allowed) return this.inner.send(rateLimitedError(message.id, decision) as JSONRPCMessage);
    }
    this.onmessage?.(message, extra);
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
