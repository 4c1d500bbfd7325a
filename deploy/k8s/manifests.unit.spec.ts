/**
 * The deployment files, checked without a cluster (issue 13): every Kubernetes object validated
 * against the Kubernetes schemas (kubernetes-models), and the findings of the review pinned: one session
 * key for every service, the anchoring key, readiness on /ready, the event store's volume owner, the
 * NATS stream's replicas, the projection-service never two at once, an image from a registry with a
 * version tag, and no setting the configuration does not read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configKeys } from '@wine/platform';
import * as models from 'kubernetes-models';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

const k8s = import.meta.dirname;
const compose = join(k8s, '../compose/docker-compose.yml');

type Obj = {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
};
type Container = {
  name: string;
  image: string;
  imagePullPolicy?: string;
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
};

const files = ['namespace.yaml', 'eventstore.yaml', 'mongo.yaml', 'nats.yaml', 'services.yaml'];
const objects: Obj[] = files.flatMap((file) =>
  parseAllDocuments(readFileSync(join(k8s, file), 'utf8'))
    .map((doc) => doc.toJS() as Obj | null)
    .filter((o): o is Obj => o !== null),
);
const byName = (kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const podSpec = (o: Obj) =>
  (o.spec as { template: { spec: { containers: Container[]; securityContext?: Record<string, number> } } })
    .template.spec;
const services = ['command-service', 'projection-service', 'realtime-service'];

/** The model class of an object: `apps/v1` Deployment is models.apps.v1.Deployment. */
function modelOf(o: Obj): new (data: unknown) => { validate(): void } {
  const [group, version] = o.apiVersion.includes('/') ? o.apiVersion.split('/') : ['', o.apiVersion];
  const root = models as unknown as Record<string, Record<string, Record<string, unknown>>>;
  const ns = group ? root[group.replaceAll('.k8s.io', '').replaceAll('.', '')] : root;
  const model = (group ? ns?.[version as string] : root[version as string])?.[o.kind];
  if (!model) throw new Error(`no model for ${o.apiVersion} ${o.kind}`);
  return model as new (
    data: unknown,
  ) => { validate(): void };
}

describe('the Kubernetes manifests', () => {
  it('are valid Kubernetes objects', () => {
    expect(objects.length).toBeGreaterThan(10);
    for (const o of objects) {
      const Model = modelOf(o);
      expect(() => new Model(o).validate(), `${o.kind} ${o.metadata.name}`).not.toThrow();
    }
  });

  it('give the three services one session key, and the command-service the anchoring key, from secrets', () => {
    for (const name of services) {
      const [container] = podSpec(byName('Deployment', name)).containers;
      const env = new Map(container?.env?.map((e) => [e.name, e]));
      expect(env.get('SESSION_SECRET')?.valueFrom, name).toEqual({
        secretKeyRef: { name: 'wine-session', key: 'SESSION_SECRET' },
      });
      expect(env.get('NATS_STREAM_REPLICAS')?.value, name).toBe('3');
      expect(container?.readinessProbe?.httpGet?.path, name).toBe('/ready');
      expect(container?.livenessProbe?.httpGet?.path, name).toBe('/health');
      for (const key of env.keys()) expect(configKeys, `${name} sets ${key}`).toContain(key);
    }
    const [command] = podSpec(byName('Deployment', 'command-service')).containers;
    expect(command?.env?.find((e) => e.name === 'AUDIT_SIGNING_KEY')?.valueFrom).toEqual({
      secretKeyRef: { name: 'wine-audit', key: 'AUDIT_SIGNING_KEY' },
    });
  });

  it('run the event store as its image’s user, owning its volume', () => {
    expect(podSpec(byName('StatefulSet', 'eventstore')).securityContext).toMatchObject({
      runAsUser: 1000,
      fsGroup: 1000,
    });
  });

  it('never run two projection-services at once', () => {
    const spec = byName('Deployment', 'projection-service').spec as {
      replicas: number;
      strategy: { type: string };
    };
    expect(spec.replicas).toBe(1);
    expect(spec.strategy.type).toBe('Recreate');
  });

  it('take the image from a registry with a version tag, pulled only when absent', () => {
    const kustomization = parse(readFileSync(join(k8s, 'kustomization.yaml'), 'utf8')) as {
      resources: string[];
      images: { name: string; newName?: string; newTag?: string }[];
    };
    expect(kustomization.resources.sort()).toEqual([...files].sort());
    const image = kustomization.images.find((i) => i.name === 'wine-marketplace');
    expect(image?.newName).toMatch(/^[a-z0-9.-]+\.[a-z]+(:\d+)?\/.+\/wine-marketplace$/);
    expect(image?.newTag).toMatch(/^\d+\.\d+\.\d+$/);
    for (const o of objects.filter((x) => x.kind === 'Deployment')) {
      const spec = podSpec(o) as { containers: Container[]; initContainers?: Container[] };
      for (const c of [...spec.containers, ...(spec.initContainers ?? [])]) {
        expect(c.image, `${o.metadata.name}/${c.name}`).not.toMatch(/:latest$/);
        if (c.image === 'wine-marketplace') expect(c.imagePullPolicy).toBe('IfNotPresent');
      }
    }
  });
});

describe('the compose file', () => {
  const file = parse(readFileSync(compose, 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string> }>;
  };

  it('gives every service the one session key, the command-service the anchoring key, and nothing the configuration does not read', () => {
    for (const name of services) {
      const env = file.services[name]?.environment ?? {};
      expect(env.SESSION_SECRET, name).toMatch(/^\$\{SESSION_SECRET:\?/);
      for (const key of Object.keys(env)) expect(configKeys, `${name} sets ${key}`).toContain(key);
    }
    expect(file.services['command-service']?.environment?.AUDIT_SIGNING_KEY).toMatch(
      /^\$\{AUDIT_SIGNING_KEY:\?/,
    );
  });
});
