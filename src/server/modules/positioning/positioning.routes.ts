import { trajectory } from '../../../shared/contracts/positioning.js';
import type { ServerModule } from '../index.js';
import { createPositioningService } from './positioning.service.js';

export const positioningModule: ServerModule = {
  name: 'positioning',
  register({ http, store, services }) {
    const positioning = createPositioningService(store, { org: services.org, live: services.live, history: services.history });
    http.route(trajectory, async (input, ctx) => {
      const items = await positioning.trajectory(ctx.user!, input);
      return { items, total: items.length };
    });
  },
};
