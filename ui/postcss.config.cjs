// Mantine's preset gives rem(), light-dark() and the larger-than / smaller-than mixins used in *.module.css.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
