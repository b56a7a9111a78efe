parent.postMessageFromFrame('external frame script, parent is top: ' + (parent === top));
