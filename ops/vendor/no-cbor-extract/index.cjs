// cbor-x requires this inside a try/catch and decodes strings in JavaScript when it throws.
throw new Error('cbor-extract: native string extraction is not installed (JavaScript decoding is used)');
