/**
 * Debian's nginx as the load balancer in front of several server processes (installed by
 * scripts/ensure-test-tools.mjs), run unprivileged in the foreground with its configuration, logs
 * and temporary files in a directory of its own. Every answer says which process served it
 * (`X-Upstream`).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

const NGINX = '/usr/sbin/nginx';

export interface LoadBalancer {
  baseUrl: string;
  /** The master process's pid (its worker is its child). */
  pid: number;
  close: () => Promise<void>;
}

/** `keepalive`: idle connections to the upstreams each worker keeps open for reuse (none unless given). */
export async function startNginx(upstreams: string[], options: { keepalive?: number } = {}): Promise<LoadBalancer> {
  if (!fs.existsSync(NGINX)) throw new Error(`nginx is missing (${NGINX}); run node scripts/ensure-test-tools.mjs`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-nginx-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const servers = upstreams.map((url) => `server ${new URL(url).host} max_fails=1 fail_timeout=60s;`).join('\n    ');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 30m;
  upstream fieldbook {
    ${servers}${options.keepalive ? `\n    keepalive ${options.keepalive};` : ''}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://fieldbook;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_request_buffering off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, sub), { mode: 0o777 });
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx did not start:\n${output}${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    const up = await fetch(`${baseUrl}/health`).then(() => true, () => false);
    if (up) break;
    if (i > 100) throw new Error('nginx did not start listening');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    pid: child.pid!,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
