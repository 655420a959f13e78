import { configure } from '@testing-library/dom';

// Pages are lazy-loaded chunks; on a busy CI machine the first import can take over a second,
// so waiting for what a person would see gets 5 s instead of the library's 1 s.
configure({ asyncUtilTimeout: 5_000 });
