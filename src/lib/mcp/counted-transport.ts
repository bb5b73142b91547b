/** A transport wrapper that counts each incoming MCP request against the quota, for stdio sessions. */
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { Quota } from '../quota.ts';
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
  /** Ids of the requests received and not answered yet. */
  private readonly pending = new Set<string | number>();
  private waiters: (() => void)[] = [];
  private readonly inner: Transport;
  private readonly quota: Quota;
  private readonly client: string;

  constructor(inner: Transport, quota: Quota, client: string) {
    this.inner = inner;
    this.quota = quota;
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
      this.pending.add(message.id);
      const decision = await this.quota.hit(this.client);
      if (!decision.allowed) return this.send(rateLimitedError(message.id, decision) as JSONRPCMessage);
    }
    this.onmessage?.(message, extra);
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    await this.inner.send(message, options);
    if (
      ('result' in message || 'error' in message) &&
      message.id !== undefined &&
      this.pending.delete(message.id) &&
      this.pending.size === 0
    ) {
      for (const wake of this.waiters.splice(0)) wake();
    }
  }

  /**
   * Resolves once every request received so far has been answered: a client that writes its requests and closes
   * stdin (a shell pipe) still gets every answer before the process exits.
   */
  async drained(): Promise<void> {
    await this.queue;
    if (this.pending.size > 0) await new Promise<void>((wake) => this.waiters.push(wake));
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
