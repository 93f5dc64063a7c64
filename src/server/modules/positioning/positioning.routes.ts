import { replayCall, statisticsCall, statisticsExport, trajectory, trajectoryStatsCall } from '../../../shared/positioning/contracts.js';
import { sendXlsx } from '../../http/send-xlsx.js';
import type { HttpApp } from '../../http/app.js';
import { statisticsFileName, writeStatisticsXlsx } from './positioning.export.js';
import type { PositioningService } from './positioning.service.js';

/** Trajectories, replay and statistics of people and vehicles (issue 10). */
export function registerPositioningRoutes(http: HttpApp, positioning: PositioningService): void {
  http.route(trajectory, async (input, ctx) => {
    const items = await positioning.trajectory(ctx.user!, input);
    return { items, total: items.length };
  });
  http.route(trajectoryStatsCall, (input, ctx) => positioning.trajectoryStats(ctx.user!, input));
  http.route(replayCall, (input, ctx) => positioning.replay(ctx.user!, input));
  http.route(statisticsCall, (input, ctx) => positioning.statistics(ctx.user!, input));
  http.route(statisticsExport, async (input, ctx) => {
    const [result, names] = await Promise.all([positioning.statistics(ctx.user!, input), positioning.regionNames()]);
    return sendXlsx(ctx, statisticsFileName(ctx.lang), (out) => writeStatisticsXlsx(out, result, names, ctx.lang));
  });
}
