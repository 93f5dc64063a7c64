import {
  cameraDelete,
  cameraList,
  cameraSave,
  frameCheck,
  frameOrigins,
  frameOriginsSave,
  homeList,
  homeMine,
  homeSave,
  noticeDelete,
  noticeGet,
  noticeList,
  noticeSave,
} from '../../../shared/dashboards/wall-contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { WallService } from './wall.service.js';

export function registerWallRoutes(http: HttpApp, svc: WallService): void {
  http.route(cameraList, async (_input, ctx) => svc.cameras(caller(ctx)));
  http.route(cameraSave, async (input, ctx) => svc.saveCamera(caller(ctx), input));
  http.route(cameraDelete, async (input, ctx) => svc.deleteCamera(caller(ctx), input.id));
  http.route(noticeList, async () => svc.notices());
  http.route(noticeGet, async (input) => svc.notice(input.id));
  http.route(noticeSave, async (input, ctx) => svc.saveNotice(caller(ctx), input));
  http.route(noticeDelete, async (input, ctx) => svc.deleteNotice(caller(ctx), input.id));
  http.route(frameOrigins, async () => svc.origins());
  http.route(frameOriginsSave, async (input, ctx) => svc.saveOrigins(caller(ctx), input.items));
  http.route(frameCheck, async (input) => svc.checkFrame(input.url));
  http.route(homeList, async () => svc.homes());
  http.route(homeSave, async (input, ctx) => svc.saveHomes(caller(ctx), input.items));
  http.route(homeMine, async (_input, ctx) => svc.mine(caller(ctx)));
}
