import 'server-only';
import pino from 'pino';
import { getEnv } from '@/env';

const globalForLog = globalThis as unknown as { __logger?: pino.Logger };

export function getLogger(): pino.Logger {
  globalForLog.__logger ??= pino({
    level: getEnv().LOG_LEVEL,
    redact: ['password', '*.password', 'card', '*.card', 'req.headers.cookie'],
  });
  return globalForLog.__logger;
}
