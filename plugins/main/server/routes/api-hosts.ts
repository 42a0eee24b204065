/**
 * `GET/POST /hosts/apis`, `PUT/DELETE /hosts/apis/{id}`: the stored API hosts (writes for admins);
 * `GET/PUT /hosts/default-api`: the signed-in user's own default host.
 */
import { schema } from '@host/schema';
import type { IRouter } from '@host/server/types';
import type { ApiHostEntry } from '../../common/api-host-check';
import {
  caFileProblem,
  apiHostIdProblem,
  hostUrlProblem,
  passwordProblem,
  usernameProblem,
} from '../../common/api-host-rules';
import { ADMIN_ROLE, SVC_ROUTES } from '../../common/constants';
import type { ServicesAccessor } from '../plugin-services';
import type { StoredApiHost } from '../services/api-hosts/api-host-store';
import { handleErrors } from './error-responses';

export const hostFields = {
  url: schema.string({ validate: hostUrlProblem }),
  port: schema.number({
    min: 1,
    max: 65535,
    validate: (port) => (Number.isInteger(port) ? undefined : 'must be an integer'),
  }),
  username: schema.string({ validate: usernameProblem }),
  password: schema.string({ validate: passwordProblem }),
  run_as: schema.boolean(),
  tls_verify: schema.boolean(),
  ca_file: schema.string({ validate: caFileProblem }),
};

const idParams = schema.object({ id: schema.string({ validate: apiHostIdProblem }) });

export function registerApiHostRoutes(router: IRouter, services: ServicesAccessor): void {
  const entries = async (hosts: StoredApiHost[]): Promise<ApiHostEntry[]> => {
    const { hostChecks, apiCheckPeriodMs } = services();
    const checks = await hostChecks.getMany(hosts.map((host) => host.id));
    return hosts.map((host) => {
      const status = checks.get(host.id);
      return { ...host, ...(status ? { status } : {}), check_period_ms: apiCheckPeriodMs };
    });
  };
  const entry = async (host: StoredApiHost): Promise<ApiHostEntry> => (await entries([host]))[0];

  router.get(
    { path: SVC_ROUTES.hosts, validate: false },
    handleErrors(async (_context, _request, response) =>
      response.ok({ body: await entries(await services().hosts.list()) }),
    ),
  );

  router.post(
    {
      path: SVC_ROUTES.hosts,
      validate: {
        body: schema.object({
          id: schema.string({ validate: apiHostIdProblem }),
          ...hostFields,
          port: schema.number({ min: 1, max: 65535, defaultValue: 55000 }),
          run_as: schema.boolean({ defaultValue: false }),
          tls_verify: schema.boolean({ defaultValue: true }),
          ca_file: schema.maybe(hostFields.ca_file),
        }),
      },
      options: { requiredRole: ADMIN_ROLE },
    },
    handleErrors(async (_context, request, response) => {
      return response.ok({ body: await entry(await services().hosts.create(request.body)) });
    }),
  );

  router.put(
    {
      path: SVC_ROUTES.host,
      validate: {
        params: idParams,
        body: schema.object({
          url: schema.maybe(hostFields.url),
          port: schema.maybe(hostFields.port),
          username: schema.maybe(hostFields.username),
          password: schema.maybe(hostFields.password),
          run_as: schema.maybe(hostFields.run_as),
          tls_verify: schema.maybe(hostFields.tls_verify),
          /** null removes the CA file. */
          ca_file: schema.maybe(schema.nullable(hostFields.ca_file)),
          /** The version read before editing; with it, a concurrent edit makes this one fail with 409. */
          version: schema.maybe(schema.string({ minLength: 1, maxLength: 256 })),
        }),
      },
      options: { requiredRole: ADMIN_ROLE },
    },
    handleErrors(async (_context, request, response) => {
      const { version, ...changes } = request.body;
      return response.ok({
        body: await entry(await services().hosts.update(request.params.id, changes, { version })),
      });
    }),
  );

  router.delete(
    {
      path: SVC_ROUTES.host,
      validate: { params: idParams },
      options: { requiredRole: ADMIN_ROLE },
    },
    handleErrors(async (_context, request, response) => {
      await services().hosts.delete(request.params.id);
      return response.ok({ body: { id: request.params.id, deleted: true } });
    }),
  );

  router.get(
    { path: SVC_ROUTES.defaultHost, validate: false },
    handleErrors(async (context, _request, response) => {
      const user = context.core.security.currentUser;
      if (!user) return response.unauthorized();
      return response.ok({
        body: { data: { id: await services().defaultHosts.get(user.username) } },
      });
    }),
  );

  router.put(
    {
      path: SVC_ROUTES.defaultHost,
      validate: { body: schema.object({ id: schema.string({ validate: apiHostIdProblem }) }) },
    },
    handleErrors(async (context, request, response) => {
      const user = context.core.security.currentUser;
      if (!user) return response.unauthorized();
      const id = await services().defaultHosts.set(user.username, request.body.id);
      return response.ok({ body: { data: { id } } });
    }),
  );
}
