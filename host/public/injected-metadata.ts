/** How the shell reads the data block the server wrote into the page. */
import { INJECTED_METADATA_ELEMENT_ID, type InjectedMetadata } from '../common/injected-metadata';

export function readInjectedMetadata(doc: Document = document): InjectedMetadata {
  const element = doc.getElementById(INJECTED_METADATA_ELEMENT_ID);
  if (!element?.textContent)
    throw new Error(`The page has no #${INJECTED_METADATA_ELEMENT_ID} data block.`);
  return JSON.parse(element.textContent) as InjectedMetadata;
}
