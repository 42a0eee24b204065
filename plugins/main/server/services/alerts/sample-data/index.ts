/** Sample alerts: their generator, where they live, and adding and removing them on the indexer. */
export { SampleDataService, type SampleTarget } from './sample-data-service';
export { liveAlert } from './generator';
export { SampleRandom } from './random';
export { SAMPLE_INDEX_PREFIX } from './sample-index';
