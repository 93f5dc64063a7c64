import {
  classDelete,
  classList,
  classSave,
  classSetTags,
  history,
  latestValues,
  tagDelete,
  tagImport,
  tagList,
  tagSave,
} from '../../../shared/realtime/contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { Platform } from '../module.js';
import type { RealtimeService } from './realtime.service.js';
import { tagStorageStats } from '../../../shared/realtime/history-contracts.js';

/** Tags, classification, latest values and history calls (spec 3, /realTimeData). */
export function registerRealtimeRoutes(http: HttpApp, rt: RealtimeService, historian: Platform['stream']['history']): void {
  http.route(tagList, (input, ctx) => rt.tagList(caller(ctx), input));
  http.route(tagSave, (input, ctx) => rt.tagSave(caller(ctx), input));
  http.route(tagDelete, (input, ctx) => rt.tagDelete(caller(ctx), input));
  http.route(tagImport, (input, ctx) => rt.tagImport(caller(ctx), input));
  http.route(latestValues, (input, ctx) => rt.latestValues(caller(ctx), input));
  http.route(history, (input, ctx) => rt.history(caller(ctx), input));
  http.route(tagStorageStats, async () => {
    const f = await historian.storage();
    const per = (bytes: number, samples: number) => (samples > 0 ? bytes / samples : 0);
    return {
      at: f.at,
      samples: f.samples,
      bytes: f.bytes,
      bytesPerSample: per(f.bytes, f.samples),
      items: f.tags.map((x) => ({
        tag: x.id,
        chunks: x.chunks,
        samples: x.samples,
        bytes: x.bytes,
        bytesPerSample: per(x.bytes, x.samples),
      })),
    };
  });
  http.route(classList, (input, ctx) => rt.classList(caller(ctx), input));
  http.route(classSave, (input, ctx) => rt.classSave(caller(ctx), input));
  http.route(classDelete, (input, ctx) => rt.classDelete(caller(ctx), input));
  http.route(classSetTags, (input, ctx) => rt.classSetTags(caller(ctx), input));
}
