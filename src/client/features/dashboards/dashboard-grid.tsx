import { useMemo } from 'react';
import ReactGridLayout, { noCompactor, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import type { DashboardDefinition } from '../../../shared/dashboards/definition';
import { DashboardDataProvider } from './dashboard-data';
import { WidgetView } from './widgets';
import './dashboards.css';

/** The width a dashboard is designed at: text is 1 em = 16 px there, and scales with the screen's width. */
const DESIGN_WIDTH = 1920;

export interface GridProps {
  def: DashboardDefinition;
  width: number;
  height: number;
  editable?: boolean;
  selected?: string | null;
  onSelect?: (id: string) => void;
  onLayout?: (layout: Layout) => void;
}

/**
 * A grid dashboard laid out again at the real size it is given (never a
 * bitmap scale): the row height is the height divided by the dashboard's
 * rows, so the grid fills the screen; the text size follows the width, so a
 * 3840 × 2160 wall shows the 1920 × 1080 design with text twice as tall and
 * SVG charts drawn at the real pixel size.
 */
export function DashboardGrid({ def, width, height, editable = false, selected = null, onSelect, onLayout }: GridProps) {
  const scale = Math.max(0.5, width / DESIGN_WIDTH);
  const margin = Math.round(8 * scale);
  const rows = def.grid.rows;
  const rowHeight = Math.max(8, (height - margin * (rows + 1)) / rows);
  const layout = useMemo<Layout>(() => def.widgets.map((w) => ({ i: w.id, x: w.x, y: w.y, w: w.w, h: w.h, static: !editable })), [def.widgets, editable]);
  return (
    <DashboardDataProvider>
      <div className={`pw-dash${editable ? ' pw-dash-editing' : ''}`} style={{ width, height, fontSize: 16 * scale }} data-testid="dashboard-grid" data-key={def.key}>
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: def.grid.cols, rowHeight, margin: [margin, margin], containerPadding: [margin, margin], maxRows: editable ? Infinity : rows }}
          dragConfig={{ enabled: editable }}
          resizeConfig={{ enabled: editable }}
          compactor={noCompactor}
          autoSize={editable}
          onLayoutChange={onLayout}
        >
          {def.widgets.map((w) => (
            <div key={w.id} className={w.id === selected ? 'pw-dash-cell selected' : 'pw-dash-cell'} onMouseDown={onSelect ? () => onSelect(w.id) : undefined}>
              <WidgetView w={w} />
            </div>
          ))}
        </ReactGridLayout>
      </div>
    </DashboardDataProvider>
  );
}
