import { gradingMethod, gradingMethodSave } from '../../../shared/major-hazard/method-contracts.js';
import { dangerCardPdf, dangerCardView, dataItemList, responsibleStatistics } from '../../../shared/major-hazard/more-contracts.js';
import { printDocument } from '../../../shared/documents/document.js';
import { caller, type HttpApp } from '../../http/app.js';
import { sendPdf } from '../../http/send-pdf.js';
import type { Store } from '../../store/db.js';
import type { DocumentsPort } from '../documents/port.js';
import type { RecordsPort } from '../records/port.js';
import { cardDocument, type CardSources } from './cards.js';
import { dataItems, type DataItemDeps } from './data-items.js';
import type { GradingMethods } from './grading-method.js';
import { responsibleStatistics as statistics } from './statistics.js';

/** The calls of the grading method, the cards, the check statistics and the data items (issue 20 §2, §5–§7). */
export function registerMoreRoutes(
  http: HttpApp,
  deps: {
    store: Store;
    records: RecordsPort;
    documents: Pick<DocumentsPort, 'pdf'>;
    methods: GradingMethods;
    cards: CardSources;
    data: DataItemDeps;
  },
): void {
  http.route(gradingMethod, async () => deps.methods.view());
  http.route(gradingMethodSave, async (input, ctx) => deps.methods.save(caller(ctx), input));

  http.route(dangerCardView, async (input, ctx) => {
    const { doc, card, cardType } = await cardDocument(deps.cards, caller(ctx), input.id, ctx.lang);
    return { id: card.id, cardType, sourceId: typeof card.source === 'number' ? card.source : 0, document: doc };
  });
  http.route(dangerCardPdf, async (input, ctx) => {
    const { doc, card } = await cardDocument(deps.cards, caller(ctx), input.id, ctx.lang);
    const pdf = await deps.documents.pdf(printDocument.parse(doc));
    return sendPdf(ctx, `${doc.title.replace(/[\\/:*?"<>|]/g, '_')}-${card.id}`, pdf);
  });

  http.route(responsibleStatistics, async (input, ctx) => statistics({ store: deps.store, records: deps.records }, caller(ctx), input));
  http.route(dataItemList, async (input, ctx) => dataItems(deps.data, caller(ctx), input));
}
