/**
 * The hidden saved-object types reports live in, shared by every dashboard instance on the same
 * database: a report's record, its PDF as numbered base64 chunks (see
 * docs/decisions/reports-in-saved-objects.md), and the state of each generation job.
 */
import type { SavedObjectsType } from '@host/server/types';

export const REPORT_TYPE = 'svc-report';
export const REPORT_CHUNK_TYPE = 'svc-report-chunk';
export const REPORT_JOB_TYPE = 'svc-report-job';
/** The reference naming a report's or a job's owner, so a user's own are found exactly. */
export const OWNER_REFERENCE = { name: 'owner', type: 'svc-dashboard-user' } as const;

export const reportSavedObjectTypes: SavedObjectsType[] = [
  {
    name: REPORT_TYPE,
    hidden: true,
    namespaceType: 'agnostic',
    mappings: {
      dynamic: 'strict',
      properties: {
        name: { type: 'keyword' },
        owner: { type: 'keyword' },
        title: { type: 'text' },
        viewId: { type: 'keyword' },
        agentId: { type: 'keyword' },
        size: { type: 'long' },
        chunks: { type: 'integer' },
        createdAt: { type: 'date' },
      },
    },
  },
  {
    name: REPORT_CHUNK_TYPE,
    hidden: true,
    namespaceType: 'agnostic',
    mappings: { dynamic: 'strict', properties: { data: { type: 'binary', index: false } } },
  },
  {
    name: REPORT_JOB_TYPE,
    hidden: true,
    namespaceType: 'agnostic',
    mappings: {
      dynamic: 'strict',
      properties: {
        owner: { type: 'keyword' },
        title: { type: 'text' },
        status: { type: 'keyword' },
        progress: { type: 'integer' },
        stage: { type: 'text', index: false },
        createdAt: { type: 'date' },
        finishedAt: { type: 'date' },
        report: { type: 'object', enabled: false },
        error: { type: 'object', enabled: false },
        reportName: { type: 'keyword' },
        instance: { type: 'keyword' },
        heartbeatAt: { type: 'date' },
      },
    },
  },
];
