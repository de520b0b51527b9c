/// Helpers shared by the ShelfKit and end-to-end test targets.
public enum ShelfTestSupport {}
