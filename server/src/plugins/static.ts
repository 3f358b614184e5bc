/**
 * Serves the built console (STATIC_DIR) and answers every unknown path: JSON 404 under /api, the
 * file or index.html elsewhere (SPA fallback, docs/decisions.md trap 2: the console uses real paths).
 * Hashed /assets/* are cached forever; everything else is revalidated.
 */
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { canonicalPath, isApiPath, isSocketPath, pathOf } from '../lib/paths.ts';

const NOT_BUILT = 'console not built: run npm run build';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export default fp<{ staticDir: string }>(
  async (app, options) => {
    const root = resolve(options.staticDir);
    // serve: false — only reply.sendFile; the routes below decide what is served and how it is cached.
    await app.register(fastifyStatic, { root, serve: false });

    /** The file under root a URL path names, if it exists and is not hidden. */
    const fileFor = async (urlPath: string): Promise<string | undefined> => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(urlPath);
      } catch {
        return undefined;
      }
      if (decoded.includes('\0') || decoded.split('/').some((part) => part.startsWith('.'))) return undefined;
      const absolute = resolve(root, `.${decoded}`);
      if (!absolute.startsWith(root + sep) || !(await isFile(absolute))) return undefined;
      return absolute.slice(root.length + 1);
    };

    const revalidated = (reply: FastifyReply, file: string) =>
      reply.header('cache-control', 'no-cache').sendFile(file, { cacheControl: false });

    app.get('/assets/*', async (request, reply) => {
      const file = await fileFor(pathOf(request.url));
      if (!file) return reply.code(404).send({ error: 'not found' });
      return reply.sendFile(file, { maxAge: '365d', immutable: true });
    });

    app.setNotFoundHandler(async (request, reply) => {
      const path = pathOf(request.url);
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      // However the path is spelled (/%61pi/…, /API/…, //api/…), an API path is never a page.
      const canonical = canonicalPath(path);
      if (isApiPath(canonical) || isSocketPath(canonical) || !isRead) return reply.code(404).send({ error: 'not found' });
      const file = await fileFor(path);
      if (file) return revalidated(reply, file);
      if (!(await isFile(resolve(root, 'index.html')))) return reply.code(503).type('text/plain').send(NOT_BUILT);
      return revalidated(reply, 'index.html');
    });
  },
  { name: 'static' },
);
