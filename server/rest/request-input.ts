// The procedure input of one REST call: the request's path, query and body handed to its row's
// builder (routes.ts), once the one shape rule (../input-shape.ts) has refused what no row reads:
// a body that is not a JSON object, a query parameter with more than one value.
import type { FastifyRequest } from 'fastify';
import { misshapenInputError, objectInputIssues, queryValueIssues } from '../input-shape';
import type { RestRequestParts, RestRoute } from './routes';

export function restInputOf(route: RestRoute, request: FastifyRequest): unknown {
  const refusal = misshapenInputError([...objectInputIssues(request.body), ...queryValueIssues(request.query as Record<string, unknown>)]);
  if (refusal) throw refusal;
  const parts: RestRequestParts = {
    params: request.params as Record<string, string>,
    // One string per parameter now: the rule above refused every other form.
    query: request.query as Record<string, string | undefined>,
    body: request.body,
  };
  return route.input ? route.input(parts) : route.method === 'GET' ? undefined : parts.body;
}
