import type { RequestOptions, RouteDef, Transport } from '../transport.ts';
import type { GuardrailCatalogue, GuardrailInfo } from '../types.ts';

export const guardrailRoutes = {
  'guardrails.list': { method: 'GET', path: '/api/guardrails', retry: 'idempotent' },
} as const satisfies Record<string, RouteDef>;

/** The guardrail catalogue: what a profile entry may name and configure. */
export class Guardrails {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** Every guardrail: name, stages, category, description, config JSON Schema, defaults, example. */
  async list(options?: RequestOptions): Promise<GuardrailInfo[]> {
    return (await this.#t.request<GuardrailCatalogue>(guardrailRoutes['guardrails.list'], {}, options)).data
      .guardrails;
  }
}
