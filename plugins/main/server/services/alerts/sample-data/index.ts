/** Sample alerts: their generator, where they live, and adding and removing them on the indexer. */
export {
  generatedSampleStates,
  SampleDataService,
  statesPinValue,
  type SampleStatesSource,
  type SampleTarget,
} from './sample-data-service';
export { liveAlert } from './generator';
export { SampleRandom } from './random';
export { SAMPLE_INDEX_PREFIX } from './sample-index';
