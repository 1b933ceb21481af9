import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkLiteralHost, guardedLookup } from './ssrf.ts';

export interface DeliveryResult {
  status: number;
}

export class DeliveryError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'DeliveryError';
    this.status = status;
  }
}

/**
 * POSTs `body` to `url` once. Every address the host resolves to is checked (unless private targets
 * are allowed) and the connection goes only to a checked address; redirects are not followed (a
 * redirect could point anywhere). Resolves on 2xx; rejects with DeliveryError otherwise, or with
 * BlockedTargetError when the target is refused.
 */
export function deliver(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<DeliveryResult> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.reject(new DeliveryError(`unsupported scheme ${target.protocol}`));
  try {
    checkLiteralHost(target.hostname, options.allowPrivate);
  } catch (err) {
    return Promise.reject(err);
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        lookup: guardedLookup(options.allowPrivate) as never,
        timeout: options.timeoutMs,
        agent: false,
      },
      (res) => {
        res.resume(); // the answer's body is not read: drain it
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ status });
          else reject(new DeliveryError(`webhook answered ${status}`, status));
        });
        res.on('error', (err) => reject(new DeliveryError(`webhook response failed: ${err.message}`)));
      },
    );
    const deadline = setTimeout(() => req.destroy(new DeliveryError('webhook timed out')), options.timeoutMs);
    req.on('timeout', () => req.destroy(new DeliveryError('webhook timed out')));
    req.on('error', (err) => reject(err));
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}
