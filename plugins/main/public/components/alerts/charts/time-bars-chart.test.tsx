/**
 * The screen's bars over time draw the chart model (common/charts): its time ticks under the bars,
 * its series in the legend in its order and colours. The report's painter is held to the same
 * model for every module (report-pdf.test.ts), so the screen and the paper agree.
 */
import { euiPaletteColorBlind } from '@elastic/eui';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlertsBucket } from '../../../../common/alerts/api';
import {
  bucketTime,
  CHART_PALETTE,
  chartSeries,
  timeTicks,
} from '../../../../common/charts/chart-model';
import { createMockHttp } from '../../../test-support/mock-http';
import { createTestServices, renderWithServices } from '../../../test-support/test-services';
import { TimeBarsChart } from './time-bars-chart';

function render(node: React.ReactNode) {
  renderWithServices(node, createTestServices(createMockHttp({})).services);
}

const HOUR = 3_600_000;
const START = new Date(2026, 10, 27, 19).getTime();

/** A day of hourly bars from 19:00, split by level, the higher levels rarer. */
const BUCKETS: AlertsBucket[] = Array.from({ length: 24 }, (_, index) => {
  const split = [3, 5, 7, 12].map((level) => ({
    key: level,
    label: String(level),
    count: Math.max(0, 20 - level - (index % 3)),
  }));
  return {
    key: START + index * HOUR,
    label: new Date(START + index * HOUR).toISOString(),
    count: split.reduce((sum, part) => sum + part.count, 0),
    split,
  };
});

describe('TimeBarsChart', () => {
  it("shows the model's time ticks, one per label, never two reading the same", () => {
    render(<TimeBarsChart id="levels" title="Levels" buckets={BUCKETS} />);
    const shown = within(screen.getByTestId('levelsTicks'))
      .getAllByText(/./)
      .map((element) => element.textContent);
    const model = timeTicks(BUCKETS.map(bucketTime)).map((tick) => tick.label);
    expect(shown).toEqual(model);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toContain('Nov 28');
  });

  it("lists the model's series in its order and colours, and filters on a click", async () => {
    const onSeriesClick = jest.fn();
    render(
      <TimeBarsChart id="levels" title="Levels" buckets={BUCKETS} onSeriesClick={onSeriesClick} />,
    );
    const series = chartSeries(BUCKETS);
    const legend = within(screen.getByTestId('levelsLegend')).getAllByRole('button');
    expect(legend.map((button) => button.textContent)).toEqual(series.map((entry) => entry.label));
    await userEvent.click(screen.getByTestId('levelsLegend-12'));
    expect(onSeriesClick).toHaveBeenCalledWith(expect.objectContaining({ key: '12', value: 12 }));
  });

  it("keeps EUI's colour-blind palette as the one palette", () => {
    expect(CHART_PALETTE).toEqual(euiPaletteColorBlind());
  });
});
